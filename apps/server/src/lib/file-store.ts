import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * The folders under DATA_DIR, one per kind of file, named once (DESIGN §13): every feature stores
 * and finds its files through these names.
 */
export const FILE_FOLDER = {
  /** uploaded approved eTA documents */
  documents: 'documents',
  /** passport and selfie images that came with an order */
  images: 'images',
  /** invoice PDFs, attached to their mail */
  invoices: 'invoices',
  /** .eml files of a provider with no SMTP URL */
  mail: 'mail',
} as const;
export type FileFolder = (typeof FILE_FOLDER)[keyof typeof FILE_FOLDER];

/**
 * Files on local disk under DATA_DIR (DESIGN §2), behind the few calls the features need so an
 * S3-compatible store can replace it later. Names are always chosen here, never by a client.
 */
export interface FileStore {
  /** Writes bytes under a new random name; durable on disk before it returns. */
  put(folder: FileFolder, ext: string, bytes: Uint8Array): Promise<string>;
  /** Writes bytes under a name the server chose (callers make it unique), the same durable way. */
  putAs(folder: FileFolder, name: string, bytes: Uint8Array): Promise<string>;
  remove(folder: FileFolder, name: string): Promise<void>;
  pathOf(folder: FileFolder, name: string): string;
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function createFileStore(root: string): FileStore {
  const pathOf = (folder: FileFolder, name: string) => {
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
