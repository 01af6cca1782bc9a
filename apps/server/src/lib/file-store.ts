import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files on local disk under DATA_DIR (DESIGN §2), behind the few calls the features need so an
 * S3-compatible store can replace it later. Names are always chosen here, never by a client.
 */
export interface FileStore {
  /** Writes bytes under a new random name; durable on disk before it returns. */
  put(folder: string, ext: string, bytes: Uint8Array): Promise<string>;
  /** Writes bytes under a name the server chose (callers make it unique), the same durable way. */
  putAs(folder: string, name: string, bytes: Uint8Array): Promise<string>;
  remove(folder: string, name: string): Promise<void>;
  pathOf(folder: string, name: string): string;
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function createFileStore(root: string): FileStore {
  const pathOf = (folder: string, name: string) => {
    // Names come from the database, but a path outside root is never produced, whatever they hold.
    if (!SAFE_NAME.test(folder) || !SAFE_NAME.test(name)) throw new Error('unsafe file name');
    return path.join(root, folder, name);
  };

  const store: FileStore = {
    pathOf,
    put: (folder, ext, bytes) => store.putAs(folder, `${randomBytes(16).toString('hex')}.${ext}`, bytes),
    async putAs(folder, name, bytes) {
      const final = pathOf(folder, name);
      await mkdir(path.dirname(final), { recursive: true });
      // Temp file, flushed, then renamed: a reader or a crash never sees half a file (DESIGN §10).
      const temp = path.join(path.dirname(final), `.${name}.tmp`);
      const handle = await open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await rename(temp, final);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return name;
    },
    async remove(folder, name) {
      await rm(pathOf(folder, name), { force: true });
    },
  };
  return store;
}
