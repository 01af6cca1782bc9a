import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { createPrivateFile, openSqlite, SQLITE_FILE } from '../db/connect.ts';

function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

/**
 * `npm run backup [-- DEST]`: an online, consistent copy of the database while the service runs
 * (DESIGN §10). SQLite uses its backup API; PostgreSQL uses pg_dump's custom format. Uploaded files
 * under DATA_DIR (documents, images, mail) are plain files: copy them with the usual tools.
 */
export async function runBackup(config: Config, destination: string | undefined, cwd: string): Promise<string> {
  const target = destination
    ? path.resolve(cwd, destination)
    : path.join(config.dataDir, 'backups', `eta-desk-${stamp(new Date())}.${config.databaseUrl ? 'dump' : 'sqlite'}`);
  if (existsSync(target) && statSync(target).isDirectory()) {
    throw new Error(`${target} is a folder: give the backup's file name, e.g. ${path.join(target, 'eta-desk.sqlite')}`);
  }
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, SQLITE_FILE))) {
    // Opening it would create an empty database, and its copy would pass for a backup.
    throw new Error(
      `No database at ${path.join(config.dataDir, SQLITE_FILE)}: set DATA_DIR to the service's data folder.`,
    );
  }
  mkdirSync(path.dirname(target), { recursive: true });
  // A copy of the database is as private as the database: created 0600 before it is written, and
  // removed again if the backup fails, so an empty file is never taken for the latest backup.
  const created = createPrivateFile(target);
  try {
    if (config.databaseUrl) dumpPostgres(config.databaseUrl, target);
    else await copySqlite(path.join(config.dataDir, SQLITE_FILE), target);
  } catch (error) {
    if (created) rmSync(target, { force: true });
    throw error;
  }
  return target;
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
