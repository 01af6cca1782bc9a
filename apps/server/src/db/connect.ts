import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { markFromDatabase } from '../lib/database-unavailable.ts';
import type { DialectName } from './dialect.ts';
import { pgTypes } from './pg-integers.ts';
import type { Database } from './schema.ts';
import { flushedSqlite, type StatementCache, WalFlush, type WalSync } from './sqlite-durability.ts';

/** The SQLite database's file name inside DATA_DIR. */
export const SQLITE_FILE = 'eta-desk.sqlite';

/** A PostgreSQL pool's connections at this moment (GET /metrics, DESIGN §19). */
export interface PoolStats {
  total: number;
  idle: number;
  /** requests waiting for a connection: above 0 for long, the pool is too small or queries too slow */
  waiting: number;
}

export interface DbHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
  /** PostgreSQL's pool; absent on SQLite (one connection, no pool) */
  poolStats?: () => PoolStats;
  /** SQLite on disk: the WAL's flushes (decision 0348) */
  flush?: WalFlush;
}

export interface ConnectOptions {
  /** postgres://… or null for SQLite */
  databaseUrl: string | null;
  /** SQLite file; ':memory:' for a private in-memory database */
  sqliteFile: string;
  poolSize?: number;
  /** PostgreSQL: keep named prepared statements per connection (preparingPool); default true */
  preparedStatements?: boolean;
  /** an idle pooled connection failed (server restart, admin kill): reported, never fatal */
  onIdleError?: (error: Error) => void;
  /** SQLite: how the WAL file is flushed (fsync); tests hold it to see who waits for it */
  syncWal?: WalSync;
}

/** address space, not memory: pages are shared with the OS page cache and never copied */
const MMAP_BYTES = 8 * 1024 ** 3;

/**
 * Creates `file` empty and readable by its owner only, unless it exists. The database holds every
 * customer's personal data and the staff's password hashes: like the documents and the JWT secret
 * beside it (0600), it is nobody else's to read. SQLite gives its -wal and -shm files the database
 * file's mode, and an empty file is an empty database. An existing file keeps the mode the operator gave it.
 * True when it created the file.
 */
export function createPrivateFile(file: string): boolean {
  if (existsSync(file)) return false;
  closeSync(openSync(file, 'a', 0o600));
  return true;
}

export function openSqlite(file: string, options: { readonly?: boolean } = {}): SqliteDatabase.Database {
  if (options.readonly) {
    // a reader beside the server's own connection (search-threads.ts): the file is already in WAL mode
    const reader = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    reader.pragma('busy_timeout = 5000');
    reader.pragma(`mmap_size = ${MMAP_BYTES}`);
    return reader;
  }
  if (file !== ':memory:') {
    mkdirSync(path.dirname(file), { recursive: true });
    createPrivateFile(file);
  }
  const sqlite = new SqliteDatabase(file);
  // Before any table exists (a new file), so pages freed by retention go back to the file system
  // (DESIGN §16, `PRAGMA incremental_vacuum` after each pass); on an existing file it changes nothing.
  sqlite.pragma('auto_vacuum = INCREMENTAL');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = FULL');
  // Reads straight from the operating system's page cache instead of copying every page through
  // SQLite's own 2 MB cache: a search that visits thousands of orders costs half (issue 8).
  sqlite.pragma(`mmap_size = ${MMAP_BYTES}`);
  return sqlite;
}

/**
 * statements kept per connection; longer SQL (bulk inserts, long IN lists: tens of thousands of
 * characters) is prepared each time. The order detail's one statement is about 5,000 characters
 * since it carries the order's disputes: at 4,000 it was prepared on every call and cost three
 * times its run (issue 17's bench).
 */
const STATEMENT_CACHE_SIZE = 500;
const CACHEABLE_SQL_LENGTH = 12_000;

/**
 * Kysely prepares every statement again, and SQLite's preparation (parsing, planning, compiling the
 * triggers an UPDATE fires) costs as much as running a small indexed query: the prepared statements
 * are kept, least recently used dropped first. Safe because Kysely runs one statement at a time on
 * its single SQLite connection; SQLite prepares a kept statement again itself after a schema change.
 */
export function cachingStatements(sqlite: SqliteDatabase.Database): StatementCache {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const kept = cache.get(sql);
      if (kept) {
        cache.delete(sql);
        cache.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      if (sql.length <= CACHEABLE_SQL_LENGTH) {
        cache.set(sql, statement);
        if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}

/** prepared statements kept per PostgreSQL connection; further statements are parsed each time */
const PG_PREPARED_PER_CONNECTION = 300;
/** as CACHEABLE_SQL_LENGTH above: the order detail's statement must stay prepared */
const PG_PREPARED_SQL_LENGTH = 12_000;
type PgQuery = (text: unknown, values?: unknown) => unknown;
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();
/** each statement text's name, or null for a search, which stays unnamed (preparingPool) */
const statementNames = new Map<string, string | null>();

function statementName(text: string): string | null {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = /\blike\b|strpos\(/i.test(text)
      ? null
      : `k${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    if (statementNames.size < 10_000) statementNames.set(text, name);
  }
  return name;
}

/**
 * PostgreSQL parses, analyses and plans every unnamed statement again: for the small indexed queries
 * most requests make, that is most of the database's work. Each connection keeps the statements it
 * has run, named by a hash of their text, so the next run only binds and executes them (issue 8).
 * Searches stay unnamed: a plan made for one pattern's rare trigrams would not suit another's.
 */
export function preparingPool(pool: pg.Pool): pg.Pool {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const prepare = async () => {
    const client = await connect();
    if (preparedOn.has(client)) return client;
    const prepared = new Set<string>();
    preparedOn.set(client, prepared);
    const query = client.query.bind(client) as PgQuery;
    (client as unknown as { query: PgQuery }).query = (text, values) => {
      if (typeof text !== 'string' || !Array.isArray(values) || text.length > PG_PREPARED_SQL_LENGTH)
        return query(text, values);
      const name = statementName(text);
      if (name === null) return query(text, values);
      if (!prepared.has(name)) {
        if (prepared.size >= PG_PREPARED_PER_CONNECTION) return query(text, values);
        prepared.add(name);
      }
      return query({ name, text, values });
    };
    return client;
  };
  // Kysely uses only connect() and end() of its pool.
  return { connect: prepare, end: () => pool.end() } as unknown as pg.Pool;
}

/** A read-only Kysely over an existing SQLite file, with the same statement cache (search-threads.ts). */
export function connectSqliteReader(file: string): DbHandle {
  const sqlite = openSqlite(file, { readonly: true });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** a new connection not made within this (a failover's vanished host), or no pooled one free: the request answers 503 */
const PG_CONNECT_TIMEOUT_MS = 10_000;

/**
 * Every failure of the pool or of a pooled connection is marked as the database's, so a lost
 * connection answers 503 (lib/database-unavailable.ts) and nothing else is taken for one.
 */
function markingFailures(pool: pg.Pool): pg.Pool {
  const marked = new WeakSet<pg.PoolClient>();
  const mark = (error: unknown) => {
    throw markFromDatabase(error);
  };
  return {
    async connect() {
      const client = await pool.connect().catch(mark);
      if (!marked.has(client)) {
        marked.add(client);
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as unknown as { query: typeof query }).query = (...args) => {
          const result = query(...args);
          return result instanceof Promise ? result.catch(mark) : result;
        };
      }
      return client;
    },
    end: () => pool.end(),
  } as unknown as pg.Pool;
}

export function connect(options: ConnectOptions): DbHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      keepAlive: true,
      // int8 (counts, bigserial ids) as numbers, like every other integer (pg-integers.ts)
      types: pgTypes,
    });
    // An idle client's error: the pool drops the client and reports it here (without a listener it
    // would crash the process).
    pool.on('error', (error) => options.onIdleError?.(error));
    // A client a request holds gets no pool listener, and pg emits 'error' on it when its connection
    // dies (a restart, pg_terminate_backend): unheard, that ends the process. Its query fails with the
    // same error, the request answers 503, and the pool drops the client when it is released.
    pool.on('connect', (client) => client.on('error', () => {}));
    const pooled = options.preparedStatements === false ? pool : preparingPool(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: markingFailures(pooled) }) });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, dialect: 'postgres', close: () => db.destroy(), poolStats };
  }
  const sqlite = openSqlite(options.sqliteFile);
  if (options.sqliteFile === ':memory:') {
    // no WAL and no disk: nothing to flush
    const db = new Kysely<Database>({ dialect: flushedSqlite(cachingStatements(sqlite), sqlite, null).dialect });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  // the commit writes the WAL; WalFlush makes it durable before anyone is answered (decision 0348)
  sqlite.pragma('synchronous = NORMAL');
  const flush = new WalFlush(options.sqliteFile, options.syncWal);
  const { dialect, plugin } = flushedSqlite(cachingStatements(sqlite), sqlite, flush);
  const db = new Kysely<Database>({ dialect, plugins: plugin ? [plugin] : [] });
  return {
    db,
    dialect: 'sqlite',
    flush,
    close: async () => {
      await flush.settled().catch(() => undefined);
      await db.destroy();
      await flush.close();
    },
  };
}
