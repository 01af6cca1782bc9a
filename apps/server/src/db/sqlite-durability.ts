import { type FileHandle, open } from 'node:fs/promises';
import type SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type UnknownRow,
} from 'kysely';

/*
 * SQLite's commits made durable off the server's thread (decision 0348). With `synchronous=FULL`
 * every commit waits for the disk inside better-sqlite3's call, so the server's only thread stood
 * still for each fsync (1.5 ms a commit on the bench machine, a quarter of an order detail's time:
 * its access-log row commits). Here the connection runs with `synchronous=NORMAL` (WAL: the commit
 * is written, not yet flushed) and the WAL file is flushed with fsync on libuv's thread pool; every
 * caller of a write is answered only after a flush that began after its commit, so nothing is
 * acknowledged before it is on disk, as before. The flushes group themselves: the commits made while
 * one flush runs share the next.
 */

/** flushes the WAL file to disk: fsync */
export type WalSync = (file: FileHandle) => Promise<void>;

/** better-sqlite3's statements, kept (connect.ts cachingStatements): the connection reads `readonly` */
export interface StatementCache {
  close(): void;
  prepare(sql: string): SqliteDatabase.Statement;
}

/** The WAL's flushes: which writes are on disk, and a wait for those made so far. */
export class WalFlush {
  readonly #walFile: string;
  readonly #sync: WalSync;
  #file: FileHandle | null = null;
  /** writes committed (each a commit or an autocommit statement), and how many of them are flushed */
  #written = 0;
  #flushed = 0;
  #running = false;
  #failure: Error | null = null;
  #waiting: { upTo: number; resolve: () => void; reject: (error: Error) => void }[] = [];

  constructor(databaseFile: string, sync: WalSync = (file) => file.sync()) {
    this.#walFile = `${databaseFile}-wal`;
    this.#sync = sync;
  }

  /** a write was committed to the WAL: the next flush must cover it */
  written(): void {
    this.#written += 1;
  }

  /** true while a committed write is not yet known to be on disk */
  get pending(): boolean {
    return this.#flushed < this.#written;
  }

  /**
   * Resolves once every write committed before this call is on disk. A failed flush is final: the
   * commits it should have covered may be lost, so every later wait fails too (as PostgreSQL stops
   * on a failed fsync) until the server is restarted and SQLite recovers the WAL from the disk.
   */
  settled(): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (!this.pending) return Promise.resolve();
    const upTo = this.#written;
    return new Promise<void>((resolve, reject) => {
      this.#waiting.push({ upTo, resolve, reject });
      if (!this.#running) void this.#flush();
    });
  }

  async #flush(): Promise<void> {
    this.#running = true;
    // the flush covers every write committed before it starts: those written while it runs wait for the next
    const covers = this.#written;
    try {
      this.#file ??= await open(this.#walFile, 'r');
      await this.#sync(this.#file);
    } catch (error) {
      this.#failure = new Error(`SQLite's WAL could not be flushed to disk: ${(error as Error).message}`, {
        cause: error,
      });
      this.#running = false;
      for (const waiter of this.#waiting.splice(0)) waiter.reject(this.#failure);
      return;
    }
    this.#flushed = covers;
    this.#running = false;
    const stillWaiting = this.#waiting.filter((waiter) => waiter.upTo > covers);
    const done = this.#waiting.filter((waiter) => waiter.upTo <= covers);
    this.#waiting = stillWaiting;
    for (const waiter of done) waiter.resolve();
    if (stillWaiting.length > 0) void this.#flush();
  }

  async close(): Promise<void> {
    await this.#file?.close();
    this.#file = null;
  }
}

/**
 * Kysely's SQLite connection (its own SqliteConnection, which hides the statement) that tells the
 * WAL flush about every commit: an autocommit statement that writes, or the end of a transaction
 * that wrote. It does not wait itself: Kysely holds its only connection while a query runs, and
 * reads must go on during a flush. The plugin below and the transactions (lib/transaction.ts) wait.
 */
class FlushedConnection implements DatabaseConnection {
  /** the open transaction has written */
  #dirty = false;
  readonly #statements: StatementCache;
  readonly #sqlite: SqliteDatabase.Database;
  readonly #flush: WalFlush | null;
  readonly #awaiting: WeakSet<QueryId>;

  constructor(
    statements: StatementCache,
    sqlite: SqliteDatabase.Database,
    flush: WalFlush | null,
    awaiting: WeakSet<QueryId>,
  ) {
    this.#statements = statements;
    this.#sqlite = sqlite;
    this.#flush = flush;
    this.#awaiting = awaiting;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.#statements.prepare(compiled.sql);
    const parameters = compiled.parameters as unknown[];
    const wasInTransaction = this.#sqlite.inTransaction;
    let result: QueryResult<R>;
    if (statement.reader) result = { rows: statement.all(parameters) as R[] };
    else {
      const { changes, lastInsertRowid } = statement.run(parameters);
      result = { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
    }
    // COMMIT and friends count as read-only (SQLite's rule): a transaction's writes are seen as it
    // runs. BEGIN IMMEDIATE counts as a write (it takes the lock) but writes nothing itself.
    const writes = !statement.readonly;
    if (this.#sqlite.inTransaction) {
      if (writes && wasInTransaction) this.#dirty = true;
    } else if (this.#flush && (writes || this.#dirty)) {
      this.#dirty = false;
      this.#flush.written();
      this.#awaiting.add(compiled.queryId);
    }
    return result;
  }

  /** as Kysely's own: selects only, which commit nothing */
  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const statement = this.#statements.prepare(compiled.sql);
    for (const row of statement.iterate(compiled.parameters as unknown[])) yield { rows: [row as R] };
  }
}

/**
 * Makes an autocommit write's caller wait for its flush. Kysely runs a plugin's transformResult
 * after it has let go of the connection, so other queries run meanwhile.
 */
export class AwaitFlushPlugin implements KyselyPlugin {
  readonly flush: WalFlush;
  readonly #awaiting: WeakSet<QueryId>;

  constructor(flush: WalFlush, awaiting: WeakSet<QueryId>) {
    this.flush = flush;
    this.#awaiting = awaiting;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#awaiting.has(args.queryId)) {
      this.#awaiting.delete(args.queryId);
      await this.flush.settled();
    }
    return args.result;
  }
}

/** Every Kysely transaction here writes, so on SQLite it takes the write lock up front (DESIGN §10). */
class FlushedSqliteDriver extends SqliteDriver {
  readonly #connection: FlushedConnection;

  constructor(config: SqliteDialectConfig, connection: FlushedConnection) {
    super(config);
    this.#connection = connection;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** The writer's dialect: its commits go through `flush` (none in memory), and the plugin it returns waits for them. */
export function flushedSqlite(statements: StatementCache, sqlite: SqliteDatabase.Database, flush: WalFlush | null) {
  const awaiting = new WeakSet<QueryId>();
  const connection = new FlushedConnection(statements, sqlite, flush, awaiting);
  const dialect = new (class extends SqliteDialect {
    override createDriver() {
      return new FlushedSqliteDriver({ database: statements }, connection);
    }
  })({ database: statements });
  return { dialect, plugin: flush ? new AwaitFlushPlugin(flush, awaiting) : null };
}

/**
 * Resolves once every write `db` has committed so far is on disk: at once on PostgreSQL (its commit
 * waits for its own WAL flush) and on a SQLite database without a WAL file (`:memory:`).
 */
export function writesSettled<DB>(db: Kysely<DB>): Promise<void> {
  for (const plugin of db.getExecutor().plugins) if (plugin instanceof AwaitFlushPlugin) return plugin.flush.settled();
  return Promise.resolve();
}
