import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.ts';
import { connect, openSqlite, SQLITE_FILE } from '../../apps/server/src/db/connect.ts';
import type { DialectName } from '../../apps/server/src/db/dialect.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { createPasswordHasher } from '../../apps/server/src/modules/auth/passwords.ts';
import { mergeSearchIndex } from '../../apps/server/src/modules/orders/search-index.ts';
import { type GenerateResult, generateDataset, type RowSink } from './generate.ts';
import { BENCH_PASSWORD } from './plan.ts';
import { postgresSink, sqliteSink } from './sinks.ts';

/** Bumped when the generator changes what it writes: a kept dataset of another version is made again. */
export const GENERATOR_VERSION = 2;

export interface Target {
  dialect: DialectName;
  dataDir: string;
  databaseUrl: string | null;
  /** how the dataset came to be: generated now, or kept from an earlier run */
  dataset: GenerateResult & { reused: boolean };
  /** removes the data directory and the database unless --keep */
  cleanup(): Promise<void>;
}

export interface TargetOptions {
  orders: number;
  seed: number;
  keep: boolean;
  /** PostgreSQL server to create the benchmark's database on */
  adminUrl?: string;
}

interface Meta {
  version: number;
  orders: number;
  seed: number;
  dataset: GenerateResult;
}

function metaOf(options: TargetOptions, dataset: GenerateResult): Meta {
  return { version: GENERATOR_VERSION, orders: options.orders, seed: options.seed, dataset };
}

function readMeta(dataDir: string, options: TargetOptions): Meta | null {
  const file = path.join(dataDir, 'bench-meta.json');
  if (!existsSync(file)) return null;
  const meta = JSON.parse(readFileSync(file, 'utf8')) as Meta;
  return meta.version === GENERATOR_VERSION && meta.orders === options.orders && meta.seed === options.seed
    ? meta
    : null;
}

function progress(label: string) {
  let shown = -1;
  return (done: number, total: number) => {
    const tenth = Math.floor((done / total) * 10);
    if (tenth === shown) return;
    shown = tenth;
    process.stdout.write(`\r  ${label}: ${done.toLocaleString('en')} / ${total.toLocaleString('en')} orders`);
    if (done === total) process.stdout.write('\n');
  };
}

async function generate(
  dialect: DialectName,
  dataDir: string,
  databaseUrl: string | null,
  options: TargetOptions,
  sink: (file: string) => Promise<{ sink: RowSink; close: () => Promise<void> }>,
): Promise<GenerateResult> {
  const file = path.join(dataDir, 'eta-desk.sqlite');
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') });
  const handle = connect({ databaseUrl, sqliteFile: file });
  try {
    await migrateToLatest(handle.db);
    const passwordHash = await createPasswordHasher(config.argon2).hash(BENCH_PASSWORD);
    const writer = await sink(file);
    try {
      return await generateDataset(
        handle.db,
        { orders: options.orders, seed: options.seed, passwordHash, onProgress: progress(`generating (${dialect})`) },
        writer.sink,
      );
    } finally {
      await writer.close();
    }
  } finally {
    await handle.close();
  }
}

/**
 * BENCH_DATASET_TAG names a kept dataset of its own (compare.ts gives each side one when their
 * migrations differ): the same seed, so the same rows, in a schema of that side's own.
 */
const TAG = (process.env.BENCH_DATASET_TAG ?? '').replace(/[^a-z0-9]/gi, '').toLowerCase();
const tagged = (name: string, separator: string) => (TAG ? `${name}${separator}${TAG}` : name);

function dataDirFor(dialect: DialectName, options: TargetOptions): string {
  if (!options.keep) return mkdtempSync(path.join(tmpdir(), `eta-bench-${dialect}-`));
  return path.join(tmpdir(), tagged(`eta-bench-${dialect}-${options.orders}`, '-'));
}

export async function prepareSqlite(options: TargetOptions): Promise<Target> {
  const dataDir = dataDirFor('sqlite', options);
  const cleanup = async () => {
    if (!options.keep) rmSync(dataDir, { recursive: true, force: true });
  };
  const meta = options.keep ? readMeta(dataDir, options) : null;
  if (meta) {
    await mergeSqliteSearchIndex(dataDir);
    return { dialect: 'sqlite', dataDir, databaseUrl: null, dataset: { ...meta.dataset, reused: true }, cleanup };
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const dataset = await generate('sqlite', dataDir, null, options, async (file) => {
    const sqlite = openSqlite(file);
    return {
      sink: sqliteSink(sqlite),
      close: async () => {
        sqlite.pragma('wal_checkpoint(TRUNCATE)');
        sqlite.close();
      },
    };
  });
  await mergeSqliteSearchIndex(dataDir);
  writeFileSync(path.join(dataDir, 'bench-meta.json'), JSON.stringify(metaOf(options, dataset)));
  return { dialect: 'sqlite', dataDir, databaseUrl: null, dataset: { ...dataset, reused: false }, cleanup };
}

/**
 * What the server's own maintenance does a few minutes after it starts and every six hours
 * (search-index.ts), as VACUUM ANALYZE stands for autovacuum on PostgreSQL: the search index's
 * b-trees, written batch by batch, merged into one. The checkpoint after it writes the merge into
 * the database file and waits for the disk, so the server is not measured while the operating
 * system is still writing out the dataset.
 */
async function mergeSqliteSearchIndex(dataDir: string): Promise<void> {
  const handle = connect({ databaseUrl: null, sqliteFile: path.join(dataDir, SQLITE_FILE) });
  try {
    await mergeSearchIndex(handle.db);
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

/** One statement on its own connection (CREATE and DROP DATABASE cannot run in a transaction). */
export async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Writes out now what the load and the vacuum left in PostgreSQL's buffers, as a server that has
 * been running has long done: otherwise the checkpoint comes due during the measurements and its
 * writes stall reads (one run's order detail p95 8.5 ms and p99 34 ms, its searches' p99 near
 * 100 ms, against 0.9 and under 7 in the others). CHECKPOINT needs a superuser or pg_checkpoint;
 * without that right the run goes on as it is.
 */
async function settle(databaseUrl: string): Promise<void> {
  try {
    await onServer(databaseUrl, 'CHECKPOINT');
  } catch (error) {
    console.warn(`  (no CHECKPOINT before measuring: ${(error as Error).message})`);
  }
}

export async function preparePostgres(options: TargetOptions & { adminUrl: string }): Promise<Target> {
  const dataDir = dataDirFor('postgres', options);
  const name = options.keep
    ? tagged(`eta_bench_keep_${options.orders}`, '_')
    : `eta_bench_${randomBytes(5).toString('hex')}`;
  const url = new URL(options.adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const cleanup = async () => {
    if (options.keep) return;
    await onServer(options.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const meta = options.keep ? readMeta(dataDir, options) : null;
  if (meta) {
    // Earlier runs' writes left dead rows (the folder counters are updated by every move); a server
    // with autovacuum on would have cleared them between runs, and this machine's has it off.
    await onServer(databaseUrl, 'VACUUM ANALYZE');
    await settle(databaseUrl);
    return { dialect: 'postgres', dataDir, databaseUrl, dataset: { ...meta.dataset, reused: true }, cleanup };
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  await onServer(options.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onServer(options.adminUrl, `CREATE DATABASE ${name}`);
  const dataset = await generate('postgres', dataDir, databaseUrl, options, async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      sink: postgresSink(client),
      close: async () => {
        // What autovacuum would do within minutes of a bulk load: statistics and a visibility map.
        await client.query('VACUUM ANALYZE');
        await client.end();
        await settle(databaseUrl);
      },
    };
  });
  writeFileSync(path.join(dataDir, 'bench-meta.json'), JSON.stringify(metaOf(options, dataset)));
  return { dialect: 'postgres', dataDir, databaseUrl, dataset: { ...dataset, reused: false }, cleanup };
}

/**
 * Reads the dataset once, so the operating system's page cache holds it as it would on a server that
 * has been running: the first search for a common surname otherwise reads thousands of orders from
 * the disk, and which database ran last decides whose pages are cached. SQLite: the file; PostgreSQL:
 * the orders table and the search text searches read (its 128 MB of shared buffers here hold a
 * fraction of them either way).
 */
export async function warmPageCache(target: Target): Promise<void> {
  if (target.dialect === 'sqlite') {
    for (const file of [SQLITE_FILE, `${SQLITE_FILE}-wal`]) {
      const full = path.join(target.dataDir, file);
      if (!existsSync(full)) continue;
      for await (const _chunk of createReadStream(full, { highWaterMark: 1 << 20 })) {
        // reading is the point
      }
    }
    return;
  }
  const client = new pg.Client({ connectionString: target.databaseUrl as string });
  await client.connect();
  try {
    await client.query('SELECT sum(length(search_text)) FROM orders');
    await client.query('SELECT sum(length(search_text)) FROM order_search');
  } finally {
    await client.end();
  }
}
