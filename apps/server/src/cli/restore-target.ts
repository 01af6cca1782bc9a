import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { link, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config.ts';
import { SQLITE_FILE } from '../db/connect.ts';
import { FILE_FOLDERS, type FileStore } from '../lib/file-store.ts';
import { describeStorage } from '../storage-config.ts';

/** A database address as it may be printed: without its password. */
export function shownDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}

/** Where the store keeps files, as an operator names it. */
export const shownStorage = (config: Config) =>
  config.storage.kind === 'disk' ? config.dataDir : describeStorage(config.storage, config.dataDir);

async function publicTables(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname = 'public'",
    );
    return rows[0]?.n ?? 0;
  } catch (error) {
    throw new Error(`Cannot reach the database at ${shownDatabaseUrl(databaseUrl)} (${(error as Error).message}).`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A restore goes into an empty place only (DESIGN §19), so it never mixes two installations' orders
 * and files: no SQLite database (nor a -wal SQLite would replay into the restored one), no tables in
 * PostgreSQL's public schema, and, when the archive brings files, none in the store.
 */
export async function assertEmptyTarget(config: Config, store: FileStore, bringsFiles: boolean): Promise<void> {
  const problems: string[] = [];
  const advice: string[] = [];
  if (config.databaseUrl) {
    const tables = await publicTables(config.databaseUrl);
    if (tables > 0) {
      problems.push(`the database ${shownDatabaseUrl(config.databaseUrl)} holds ${tables} tables`);
      advice.push('create a new database (createdb …) and set DATABASE_URL to it');
    }
  } else {
    const found = ['', '-wal', '-shm', '-journal']
      .map((suffix) => `${SQLITE_FILE}${suffix}`)
      .filter((file) => existsSync(path.join(config.dataDir, file)));
    if (found.length > 0) {
      problems.push(`DATA_DIR (${config.dataDir}) holds a database (${found.join(', ')})`);
      advice.push('set DATA_DIR to a new, empty folder');
    }
  }
  if (bringsFiles) {
    for (const folder of FILE_FOLDERS) {
      const first = await store.list(folder)[Symbol.asyncIterator]().next();
      if (!first.done) {
        problems.push(`${shownStorage(config)} already holds files (${folder}/${first.value.name})`);
        advice.push(
          config.storage.kind === 's3'
            ? 'set STORAGE_URL to an empty bucket or prefix'
            : 'set DATA_DIR to a new, empty folder',
        );
        break;
      }
    }
  }
  if (problems.length === 0) return;
  throw new Error(
    `Restore refused: ${problems.join('; ')}. A restore goes into an empty place only, so it never mixes two installations: ${[...new Set(advice)].join(', and ')}, then run it again. Nothing was restored.`,
  );
}

/** pg_restore must run before a long restore starts, not after its files are copied. */
export function assertPgRestoreRuns(): void {
  const result = spawnSync('pg_restore', ['--version'], { stdio: 'ignore' });
  if (result.error || result.status !== 0) {
    throw new Error(
      "pg_restore could not run: install PostgreSQL's client tools (the same major version as the server or newer).",
    );
  }
}

/** An archive entry into a new file readable by its owner only. */
export async function writePrivateFile(file: string, body: Readable): Promise<void> {
  const handle = await open(file, 'wx', 0o600);
  try {
    // the stream flushes and closes the handle itself (one left holding it makes close() wait forever)
    await pipeline(body, handle.createWriteStream({ flush: true }));
  } finally {
    await handle.close();
  }
}

/**
 * The backed-up SQLite database, checked, put in place: linked under its final name, which fails
 * rather than replace a database that appeared meanwhile.
 */
export async function installSqlite(copy: string, dataDir: string): Promise<string> {
  let verdict: unknown;
  try {
    const sqlite = new SqliteDatabase(copy, { fileMustExist: true });
    try {
      verdict = sqlite.pragma('quick_check', { simple: true });
    } finally {
      sqlite.close();
    }
  } catch (error) {
    verdict = (error as Error).message;
  }
  await rm(`${copy}-wal`, { force: true });
  await rm(`${copy}-shm`, { force: true });
  if (verdict !== 'ok') throw new Error(`The database in the archive does not read as SQLite (${String(verdict)}).`);
  const target = path.join(dataDir, SQLITE_FILE);
  await link(copy, target);
  return target;
}

/**
 * pg_dump's custom format into the empty database, in one transaction: a failure leaves it empty.
 * Owners and grants are left out, since the roles of the old server need not exist on this one.
 */
export function restorePostgres(databaseUrl: string, dump: string): Promise<void> {
  const args = [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${databaseUrl}`,
    dump,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('pg_restore', args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString('utf8')).slice(-2000);
    });
    child.on('error', (error) => reject(new Error(`pg_restore could not run (${error.message}).`)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`pg_restore failed with exit code ${code}; the database is left empty: ${errors.trim()}`));
    });
  });
}
