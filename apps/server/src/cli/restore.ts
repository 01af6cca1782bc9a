import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { type Config, JWT_SECRET_FILE } from '../config.ts';
import { FILE_FOLDERS, type FileFolder, type FileStore } from '../lib/file-store.ts';
import { openFileStore } from '../lib/open-file-store.ts';
import { type BackupManifest, type DatabaseKind, objectLineSchema } from './backup-archive.ts';
import { type ArchiveContents, eachEntry, inspectArchive } from './restore-archive.ts';
import {
  assertEmptyTarget,
  assertPgRestoreRuns,
  installSqlite,
  restorePostgres,
  shownDatabaseUrl,
  shownStorage,
  writePrivateFile,
} from './restore-target.ts';

export interface RestoreReport {
  archive: string;
  manifest: BackupManifest;
  /** the SQLite file or the PostgreSQL address (without its password) restored into */
  database: string;
  files: { restored: number; bytes: number; into: string };
  /** S3 archives: the objects listed, and those the current store lacks (or holds at another size) */
  objects: { listed: number; missing: number; examples: string[] } | null;
  /** what became of the backed-up JWT secret, and anything the operator must do */
  notes: string[];
}

const KIND_NAME: Record<DatabaseKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/**
 * `npm run restore -- FILE` (DESIGN §19): an archive of `npm run backup` into an empty DATA_DIR or
 * database, its files into the store configured now (a disk backup restored with STORAGE_URL set moves
 * them into the bucket). Everything is checked before anything is written; the files go first and the
 * database last (pg_restore in one transaction), and a failure removes what was written, so the
 * target is empty again for the next attempt.
 */
export async function runRestore(config: Config, file: string | undefined, cwd: string): Promise<RestoreReport> {
  if (!file) throw new Error('Give the archive to restore: npm run restore -- /path/to/eta-desk-….zip');
  const archive = path.resolve(cwd, file);
  if (!existsSync(archive) || !statSync(archive).isFile()) {
    throw new Error(`No archive at ${archive}: give the path of a file written by npm run backup.`);
  }
  const contents = await inspectArchive(archive);
  const { manifest } = contents;
  const here: DatabaseKind = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database !== here) {
    throw new Error(
      `${archive} holds a ${KIND_NAME[manifest.database]} database, and this service is set up for ${KIND_NAME[here]}: ${
        here === 'sqlite'
          ? 'set DATABASE_URL to a new, empty PostgreSQL database'
          : 'unset DATABASE_URL to restore into DATA_DIR'
      } and run the restore again. Nothing was restored.`,
    );
  }
  if (here === 'postgres') assertPgRestoreRuns();
  const store = await openFileStore(config);
  try {
    await assertEmptyTarget(config, store, manifest.storage.kind === 'disk');
    const notes: string[] = [];
    const writeSecret = jwtSecretPlan(config, contents, notes);
    mkdirSync(config.dataDir, { recursive: true });
    const copy = path.join(
      config.dataDir,
      `.restore-${randomBytes(6).toString('hex')}.${here === 'sqlite' ? 'sqlite' : 'dump'}`,
    );
    const files = { restored: 0, bytes: 0, into: shownStorage(config) };
    let objects: RestoreReport['objects'] = null;
    let secretWritten = false;
    try {
      await eachEntry(archive, async (what, open, size) => {
        if (what.kind === 'database') await writePrivateFile(copy, await open());
        else if (what.kind === 'objects') objects = await checkObjects(store, await open());
        else if (what.kind === 'file') {
          await store.putAs(what.folder, what.name, { body: await open(), size });
          files.restored += 1;
          files.bytes += size;
        }
      });
      if (writeSecret !== null) {
        await writeFile(path.join(config.dataDir, JWT_SECRET_FILE), writeSecret, { mode: 0o600, flag: 'wx' });
        secretWritten = true;
        notes.push(`jwt-secret written to ${path.join(config.dataDir, JWT_SECRET_FILE)}`);
      }
      let database: string;
      if (config.databaseUrl) {
        await restorePostgres(config.databaseUrl, copy);
        database = shownDatabaseUrl(config.databaseUrl);
      } else database = await installSqlite(copy, config.dataDir);
      return { archive, manifest, database, files, objects, notes };
    } catch (error) {
      throw await undone(error as Error, config, store, manifest.storage.kind === 'disk', secretWritten);
    } finally {
      await rm(copy, { force: true });
    }
  } finally {
    await store.close();
  }
}

/**
 * The secret sealing members' two-factor secrets must be the backed-up one. Returns the secret to
 * write to DATA_DIR, or null; refuses before writing anything when DATA_DIR already holds another.
 */
function jwtSecretPlan(config: Config, contents: ArchiveContents, notes: string[]): string | null {
  const archived = contents.jwtSecret;
  if (contents.manifest.jwtSecret === 'environment') {
    notes.push(
      'The backed-up service took its secret from JWT_SECRET: start this one with the same JWT_SECRET, or members with two-factor sign-in are refused their codes until an Admin resets their 2FA.',
    );
  }
  if (archived === null) return null;
  if (config.jwtSecretSource === 'none') return archived;
  if (config.jwtSecret === archived.trim()) return null;
  if (config.jwtSecretSource === 'data-dir') {
    throw new Error(
      `${path.join(config.dataDir, JWT_SECRET_FILE)} exists and is not the backed-up secret: move it away (the empty target has nothing sealed with it) and run the restore again. Nothing was restored.`,
    );
  }
  notes.push(
    "JWT_SECRET is set and is not the backed-up secret (the archive's jwt-secret entry): members with two-factor sign-in are refused their codes until an Admin resets their 2FA. Set JWT_SECRET to the backed-up one, or unset it and restore again into an empty place.",
  );
  return null;
}

/** Each object objects.jsonl lists, looked for in the current store (by folder listing, not one request each). */
async function checkObjects(store: FileStore, body: Readable): Promise<NonNullable<RestoreReport['objects']>> {
  const present = new Map<FileFolder, Map<string, number>>();
  for (const folder of FILE_FOLDERS) {
    const names = new Map<string, number>();
    for await (const entry of store.list(folder)) names.set(entry.name, entry.size);
    present.set(folder, names);
  }
  const result = { listed: 0, missing: 0, examples: [] as string[] };
  for await (const line of createInterface({ input: body, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (!line) continue;
    let raw: unknown = null;
    try {
      raw = JSON.parse(line);
    } catch {
      // refused just below, with the line's number
    }
    const parsed = objectLineSchema.safeParse(raw);
    if (!parsed.success) throw new Error(`objects.jsonl line ${result.listed + 1} is not an object of this store`);
    result.listed += 1;
    const { folder, name, size } = parsed.data;
    if (present.get(folder)?.get(name) === size) continue;
    result.missing += 1;
    if (result.examples.length < 5) result.examples.push(`${folder}/${name}`);
  }
  return result;
}

/** A failed restore takes back what it wrote: the target was empty, so whatever the store now holds is ours. */
async function undone(
  error: Error,
  config: Config,
  store: FileStore,
  wroteFiles: boolean,
  wroteSecret: boolean,
): Promise<Error> {
  try {
    if (wroteSecret) await rm(path.join(config.dataDir, JWT_SECRET_FILE), { force: true });
    if (wroteFiles) {
      for (const folder of FILE_FOLDERS) {
        for await (const entry of store.list(folder)) await store.remove(folder, entry.name);
      }
    }
    return new Error(`Restore failed, and what it had written is removed: ${error.message}`);
  } catch (cleanup) {
    return new Error(
      `Restore failed (${error.message}), and removing what it had written failed too (${(cleanup as Error).message}): empty ${shownStorage(config)} before trying again.`,
    );
  }
}

/** 512 bytes, 3.4 kB, 12.5 MB, 1.2 GB */
function sizeOf(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** The summary `npm run restore` prints. */
export function describeRestore(report: RestoreReport): string[] {
  const { manifest } = report;
  const lines = [
    `Restored ${report.archive} (backed up ${manifest.createdAt} by eTA Desk ${manifest.appVersion}).`,
    `Database: ${KIND_NAME[manifest.database]} into ${report.database}`,
  ];
  if (report.objects) {
    lines.push(
      `Files: kept in the bucket (${manifest.storage.location ?? 'S3'}); ${report.objects.listed} listed, ${report.objects.missing} missing from ${report.files.into}`,
    );
    if (report.objects.missing > 0) {
      lines.push(
        `  e.g. ${report.objects.examples.join(', ')}: set STORAGE_URL to the bucket that holds them (or restore them from its versions or replica) and check again.`,
      );
    }
  } else {
    lines.push(`Files: ${report.files.restored} restored (${sizeOf(report.files.bytes)}) into ${report.files.into}`);
  }
  lines.push(...report.notes);
  lines.push(
    'Start the service (npm start): it migrates the database to this version. Run npm run retention at once if the backup is older than your retention periods.',
  );
  return lines;
}
