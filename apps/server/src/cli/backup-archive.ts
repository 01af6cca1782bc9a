import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { FILE_FOLDERS, type FileFolder, isSafeName } from '../lib/file-store.ts';

/**
 * What `npm run backup` writes and `npm run restore` reads (DESIGN §19): one ZIP, its entries named
 * here once. The manifest is the archive's last entry, written once every file in it is counted;
 * a ZIP is read from its central directory, so a reader finds it first all the same.
 */
export const BACKUP_FORMAT = 'eta-desk-backup';
/** Raised when an entry's meaning changes: a restore refuses an archive newer than it knows. */
export const BACKUP_FORMAT_VERSION = 1;

export const ARCHIVE_ENTRY = {
  manifest: 'manifest.json',
  sqlite: 'database/eta-desk.sqlite',
  pgDump: 'database/eta-desk.dump',
  jwtSecret: 'jwt-secret',
  /** S3 storage: one JSON line per object ({ folder, name, size, modifiedMs }); the bucket keeps the bytes */
  objects: 'objects.jsonl',
} as const;

/** Entries readable by their owner only, whatever unzip tool extracts them. */
export const PRIVATE_FILE_MODE = 0o100600;

export const fileEntryName = (folder: FileFolder, name: string) => `files/${folder}/${name}`;

export type DatabaseKind = 'sqlite' | 'postgres';
export const databaseEntryName = (kind: DatabaseKind) =>
  kind === 'sqlite' ? ARCHIVE_ENTRY.sqlite : ARCHIVE_ENTRY.pgDump;

const tally = z.object({ files: z.number().int().nonnegative(), bytes: z.number().nonnegative() });

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().positive(),
  createdAt: z.string(),
  appVersion: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  /** where the files were; for S3 the bucket and prefix (never a credential), which keeps them */
  storage: z.object({ kind: z.enum(['disk', 's3']), location: z.string().nullable() }),
  /** archived: DATA_DIR/jwt-secret is in the archive; environment: JWT_SECRET was set; none: neither existed */
  jwtSecret: z.enum(['archived', 'environment', 'none']),
  /** files per folder, in the archive (disk) or listed in objects.jsonl (S3) */
  folders: z.object(
    Object.fromEntries(FILE_FOLDERS.map((folder) => [folder, tally])) as Record<FileFolder, typeof tally>,
  ),
});
export type BackupManifest = z.infer<typeof manifestSchema>;
export type FolderTallies = BackupManifest['folders'];

export const emptyTallies = (): FolderTallies =>
  Object.fromEntries(FILE_FOLDERS.map((folder) => [folder, { files: 0, bytes: 0 }])) as FolderTallies;

/** One line of objects.jsonl. */
export const objectLineSchema = z.object({
  folder: z.enum(FILE_FOLDERS as [FileFolder, ...FileFolder[]]),
  name: z.string().refine(isSafeName),
  size: z.number().int().nonnegative(),
  modifiedMs: z.number(),
});

/** What an archive entry is, by its name; null for anything `npm run backup` never writes. */
export type ArchiveEntry =
  | { kind: 'manifest' }
  | { kind: 'jwt-secret' }
  | { kind: 'objects' }
  | { kind: 'database'; database: DatabaseKind }
  | { kind: 'file'; folder: FileFolder; name: string };

export function classifyEntry(entryName: string): ArchiveEntry | null {
  if (entryName === ARCHIVE_ENTRY.manifest) return { kind: 'manifest' };
  if (entryName === ARCHIVE_ENTRY.jwtSecret) return { kind: 'jwt-secret' };
  if (entryName === ARCHIVE_ENTRY.objects) return { kind: 'objects' };
  if (entryName === ARCHIVE_ENTRY.sqlite) return { kind: 'database', database: 'sqlite' };
  if (entryName === ARCHIVE_ENTRY.pgDump) return { kind: 'database', database: 'postgres' };
  const parts = entryName.split('/');
  if (parts.length !== 3 || parts[0] !== 'files') return null;
  const [, folder, name] = parts as [string, string, string];
  // the store's own rule: no separator, no leading dot, so never a path outside its folder
  if (!(FILE_FOLDERS as readonly string[]).includes(folder) || !isSafeName(name)) return null;
  return { kind: 'file', folder: folder as FileFolder, name };
}

/** The product's version (the root package.json), recorded in each archive. */
export function appVersion(): string {
  const root = new URL('../../../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(root, 'utf8')) as { version: string }).version;
}

/** 20260102-030405: sorts by time, and is a safe file name everywhere. */
export function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}
