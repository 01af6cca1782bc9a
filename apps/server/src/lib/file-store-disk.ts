import { randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, mkdir, open, opendir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  assertSafeName,
  FILE_FOLDERS,
  type FileFolder,
  type FileStore,
  randomFileName,
  type StorageProblem,
} from './file-store.ts';

const missing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/** Files under DATA_DIR, one folder per kind (DESIGN §2): the default store. */
export function createDiskStore(root: string): FileStore {
  const pathOf = (folder: FileFolder, name: string) => {
    assertSafeName(folder, name);
    return path.join(root, folder, name);
  };

  const store: FileStore = {
    kind: 'disk',
    put: (folder, ext, bytes) => store.putAs(folder, randomFileName(ext), bytes),

    async putAs(folder, name, content) {
      const final = pathOf(folder, name);
      await mkdir(path.dirname(final), { recursive: true });
      // Temp file, flushed, then renamed: a reader or a crash never sees half a file (DESIGN §10).
      // A temp name of its own: two writers of one name (a retry) never share a temp file.
      const temp = path.join(path.dirname(final), `.${name}.${randomBytes(6).toString('hex')}.tmp`);
      const handle = await open(temp, 'wx', 0o600);
      try {
        try {
          if (content instanceof Uint8Array) {
            await handle.writeFile(content);
            await handle.sync();
          } else {
            // The stream flushes and closes the handle itself: a stream left holding it (autoClose
            // false) makes handle.close() wait for it forever.
            await pipeline(content.body, handle.createWriteStream({ flush: true }));
          }
        } finally {
          await handle.close();
        }
        await rename(temp, final);
      } catch (error) {
        // a body that failed half-way (a damaged archive entry, a dropped upload) leaves no temp file
        await rm(temp, { force: true });
        throw error;
      }
      return name;
    },

    async sizeOf(folder, name) {
      try {
        const info = await stat(pathOf(folder, name));
        return info.isFile() ? info.size : null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },

    async open(folder, name) {
      const file = pathOf(folder, name);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { size: info.size, body: createReadStream(file) };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },

    async read(folder, name) {
      try {
        return await readFile(pathOf(folder, name));
      } catch (error) {
        if (missing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
    },

    async remove(folder, name) {
      await rm(pathOf(folder, name), { force: true });
    },

    async *list(folder) {
      let dir: Awaited<ReturnType<typeof opendir>>;
      try {
        dir = await opendir(path.join(root, folder));
      } catch (error) {
        if (missing(error)) return;
        throw error;
      }
      for await (const entry of dir) {
        // temp files of a write in progress (or cut short by a crash) are not files of the store
        if (!entry.isFile() || entry.name.startsWith('.')) continue;
        try {
          const info = await stat(path.join(root, folder, entry.name));
          yield { name: entry.name, size: info.size, modifiedMs: info.mtimeMs };
        } catch (error) {
          if (!missing(error)) throw error;
        }
      }
    },

    /**
     * Whether each folder can be read and written. A missing folder is made, as the store makes it
     * before its first file; a read-only mount, a folder the service's user cannot write or a file in
     * a folder's place is a problem.
     */
    async problems() {
      const problems: StorageProblem[] = [];
      for (const folder of FILE_FOLDERS) {
        const dir = path.join(root, folder);
        try {
          await mkdir(dir, { recursive: true });
          await access(dir, constants.R_OK | constants.W_OK | constants.X_OK);
        } catch (error) {
          problems.push({ folder, code: (error as NodeJS.ErrnoException).code ?? 'unknown' });
        }
      }
      return problems;
    },

    close: async () => undefined,
  };
  return store;
}
