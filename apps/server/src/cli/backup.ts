import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { type Config, JWT_SECRET_FILE } from '../config.ts';
import { createPrivateFile, openSqlite, SQLITE_FILE } from '../db/connect.ts';
import type { FileStore } from '../lib/file-store.ts';
import { openFileStore } from '../lib/open-file-store.ts';
import { describeStorage } from '../storage-config.ts';
import {
  ARCHIVE_ENTRY,
  appVersion,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  type DatabaseKind,
  databaseEntryName,
  PRIVATE_FILE_MODE,
  stamp,
} from './backup-archive.ts';
import { addObjectList, addStoredFiles, type SkippedFiles } from './backup-files.ts';

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
  /** files left out: their names are not ones the store writes */
  skipped: SkippedFiles;
}

/**
 * `npm run backup [-- DEST]` (DESIGN §19): one archive of everything a new machine needs, made while
 * the service runs: an online, consistent copy of the database (SQLite's backup API, or pg_dump's
 * custom format), DATA_DIR/jwt-secret when the service uses it, and the files (disk storage) or the
 * list of the bucket's objects (S3). Written beside its destination under a temporary name and
 * renamed when complete, so a failed or interrupted backup never leaves a file to be taken for one.
 */
export async function runBackup(config: Config, destination: string | undefined, cwd: string): Promise<BackupResult> {
  const target = destination
    ? path.resolve(cwd, destination)
    : path.join(config.dataDir, 'backups', `eta-desk-${stamp(new Date())}.zip`);
  if (existsSync(target) && statSync(target).isDirectory()) {
    throw new Error(`${target} is a folder: give the backup's file name, e.g. ${path.join(target, 'eta-desk.zip')}`);
  }
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, SQLITE_FILE))) {
    // Opening it would create an empty database, and its copy would pass for a backup.
    throw new Error(
      `No database at ${path.join(config.dataDir, SQLITE_FILE)}: set DATA_DIR to the service's data folder.`,
    );
  }
  const folder = path.dirname(target);
  mkdirSync(folder, { recursive: true });
  const database: DatabaseKind = config.databaseUrl ? 'postgres' : 'sqlite';
  const temp = path.join(folder, `.${path.basename(target)}.${randomBytes(6).toString('hex')}`);
  const partial = `${temp}.partial`;
  // The database copy is as private as the database (0600), and lives only until it is in the archive.
  const databaseCopy = `${temp}.${database === 'sqlite' ? 'sqlite' : 'dump'}`;
  let store: FileStore | null = null;
  try {
    createPrivateFile(databaseCopy);
    if (config.databaseUrl) dumpPostgres(config.databaseUrl, databaseCopy);
    else await copySqlite(path.join(config.dataDir, SQLITE_FILE), databaseCopy);
    store = await openFileStore(config);
    const skipped: SkippedFiles = { count: 0, examples: [] };
    const manifest = await writeArchive(config, store, database, databaseCopy, partial, skipped);
    await rename(partial, target);
    return { file: target, manifest, skipped };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(databaseCopy, { force: true });
    await store?.close();
  }
}

async function writeArchive(
  config: Config,
  store: FileStore,
  database: DatabaseKind,
  databaseCopy: string,
  partial: string,
  skipped: SkippedFiles,
): Promise<BackupManifest> {
  const zip = new ZipFile();
  let fail: (error: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => undefined);
  zip.on('error', fail);
  // Customers' data and password hashes: readable by the service's user only, like the database.
  const handle = await open(partial, 'wx', 0o600);
  // flushed to disk before the stream closes the handle: the archive is renamed into place after
  const written = pipeline(zip.outputStream, handle.createWriteStream({ flush: true }));
  written.catch(() => undefined);
  try {
    // pg_dump's custom format is compressed already; SQLite's pages shrink several times over
    zip.addFile(databaseCopy, databaseEntryName(database), {
      mode: PRIVATE_FILE_MODE,
      compress: database === 'sqlite',
    });
    // Only the secret the service uses: with JWT_SECRET set, a file left in DATA_DIR is not it.
    const jwtSecret: BackupManifest['jwtSecret'] =
      config.jwtSecretSource === 'data-dir'
        ? 'archived'
        : config.jwtSecretSource === 'environment'
          ? 'environment'
          : 'none';
    if (jwtSecret === 'archived') {
      const secret = readFileSync(path.join(config.dataDir, JWT_SECRET_FILE));
      zip.addBuffer(secret, ARCHIVE_ENTRY.jwtSecret, { mode: PRIVATE_FILE_MODE });
    }
    const folders =
      store.kind === 'disk'
        ? await addStoredFiles(zip, store, failed, fail, skipped)
        : await addObjectList(zip, store, failed, skipped);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      appVersion: appVersion(),
      database,
      storage: {
        kind: store.kind,
        location: config.storage.kind === 's3' ? describeStorage(config.storage, config.dataDir) : null,
      },
      jwtSecret,
      folders,
    };
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), ARCHIVE_ENTRY.manifest, {
      mode: PRIVATE_FILE_MODE,
    });
    zip.end();
    await Promise.race([written, failed]);
    return manifest;
  } catch (error) {
    (zip.outputStream as unknown as Readable).destroy();
    throw error;
  } finally {
    await handle.close();
  }
}

function dumpPostgres(databaseUrl: string, target: string): void {
  const result = spawnSync('pg_dump', ['--format=custom', `--file=${target}`, databaseUrl], { stdio: 'inherit' });
  if (result.error)
    throw new Error(`pg_dump could not run (${result.error.message}); install PostgreSQL's client tools.`);
  if (result.status !== 0) throw new Error(`pg_dump failed with exit code ${result.status}`);
}

async function copySqlite(file: string, target: string): Promise<void> {
  const sqlite = openSqlite(file);
  try {
    await sqlite.backup(target);
  } finally {
    sqlite.close();
  }
}
