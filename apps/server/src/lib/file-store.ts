import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * The kinds of file, named once (DESIGN §13): every feature stores and finds its files through
 * these names, in a folder of DATA_DIR or under a key prefix of the bucket.
 */
export const FILE_FOLDER = {
  /** uploaded approved eTA documents */
  documents: 'documents',
  /** passport and selfie images that came with an order */
  images: 'images',
  /** invoice PDFs, attached to their mail */
  invoices: 'invoices',
  /** .eml files of a provider with no SMTP URL (DESIGN §4) */
  mail: 'mail',
  /** raw messages read from the inbound mailbox and their kept attachments (DESIGN §25) */
  inbound: 'inbound',
} as const;
export type FileFolder = (typeof FILE_FOLDER)[keyof typeof FILE_FOLDER];

export const FILE_FOLDERS: readonly FileFolder[] = Object.values(FILE_FOLDER);

/** A stored file opened for reading: its size first, so a reply can state Content-Length. */
export interface StoredFile {
  size: number;
  body: Readable;
}

export interface StoredEntry {
  name: string;
  size: number;
  /** when it was written, ms since the epoch */
  modifiedMs: number;
}

export interface StorageProblem {
  /** the folder, or `bucket` for object storage */
  folder: string;
  /** the file system's error code (EACCES, EROFS …) or the storage service's (NoSuchBucket, AccessDenied …) */
  code: string;
}

/** Bytes in hand, or a stream of a known length (a restore, a copy between stores). */
export type FileContent = Uint8Array | { body: Readable; size: number };

/**
 * Where files live (DESIGN §19): the data folder, or S3-compatible object storage. Names are
 * always chosen by the server, never by a client; a file is written in full before its row
 * commits, so a row never names a half-written file (a file without a row is swept later).
 */
export interface FileStore {
  readonly kind: 'disk' | 's3';
  /** Writes bytes under a new random name. */
  put(folder: FileFolder, ext: string, bytes: Uint8Array): Promise<string>;
  /** Writes under a name the server chose (callers make it unique); replaces a file of that name. */
  putAs(folder: FileFolder, name: string, content: FileContent): Promise<string>;
  /** The file's size without reading it; null when there is no such file. */
  sizeOf(folder: FileFolder, name: string): Promise<number | null>;
  /** null when there is no such file */
  open(folder: FileFolder, name: string): Promise<StoredFile | null>;
  /** The whole file in memory (a PDF page, a mail attachment); null when there is no such file. */
  read(folder: FileFolder, name: string): Promise<Buffer | null>;
  /** Removing a file that is not there is not an error. */
  remove(folder: FileFolder, name: string): Promise<void>;
  /** Every file of a folder, in no promised order. */
  list(folder: FileFolder): AsyncIterable<StoredEntry>;
  /** What stops the store from reading or writing now (GET /readyz); empty when it works. */
  problems(): Promise<StorageProblem[]>;
  close(): Promise<void>;
}

/**
 * The store did not answer (object storage down, unreachable or failing): the request is answered
 * 503 so a client tries again, and nothing that depends on the file is committed.
 */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`file storage unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A name the store can hold: no separator, no leading dot (temp files), so never a path outside it. */
export const isSafeName = (name: string) => SAFE_NAME.test(name);

/** Names come from the database, but a path or key outside the store is never produced, whatever they hold. */
export function assertSafeName(folder: string, name: string): void {
  if (!isSafeName(folder) || !isSafeName(name)) throw new Error('unsafe file name');
}

export const randomFileName = (ext: string) => `${randomBytes(16).toString('hex')}.${ext}`;
