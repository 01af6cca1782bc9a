import { type Kysely, sql, type Transaction } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import { writesSettled } from '../db/sqlite-durability.ts';
import type { DomainEvents } from './domain-events.ts';
import { NO_ORIGIN, type RequestOrigin } from './request-origin.ts';

/** PostgreSQL deadlock and serialization failures, SQLite busy: the transaction may simply be run again. */
function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001' || code === 'SQLITE_BUSY';
}

/**
 * Runs `work` again (up to `attempts` times) when the database gave up on it because of another
 * writer: bulk updates over many rows can meet in a deadlock on PostgreSQL, and the loser must not
 * become a 500 for the member who clicked. `work` must be a whole transaction, or one statement.
 */
export async function retryingConflicts<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

type Db = Kysely<Database> | Transaction<Database>;

/** Work to run once a transaction's changes are committed (publish an event, wake a worker). */
export type AfterCommitHook = () => unknown;

/**
 * One change's transaction, passed explicitly to what it calls (no map keyed by the transaction):
 * the handle its statements run on, the app's event bus, and the hooks to run once it is committed.
 * Only this module makes one (Transactions.run, Transactions.committed), so a hook can never be
 * registered on a transaction whose commit nobody sees (Kysely's own db.transaction()).
 */
export interface TxContext {
  /** the transaction; for a change that is its own statement (Transactions.committed), the connection */
  readonly trx: Db;
  /** the app's bus: publish through afterCommit, so a change rolled back announces nothing */
  readonly events: DomainEvents;
  /**
   * Runs `hook` once this transaction has committed. Dropped when the work that registered it fails or
   * its attempt is retried. Hooks run in order, just before the caller is answered; a promise one
   * returns is not awaited. A hook that throws is logged, never thrown into the caller: the change is done.
   */
  afterCommit(hook: AfterCommitHook): void;
  /** where the request that made the change came from (the audit log's ip and user agent); NO_ORIGIN outside one */
  readonly origin: RequestOrigin;
}

/** The app's way into a transaction (AppContext.transactions, made once in buildApp). */
export interface Transactions {
  readonly db: Kysely<Database>;
  readonly events: DomainEvents;
  /**
   * Runs `work` in one transaction, run again when it lost to another writer (retryingConflicts).
   * On SQLite the transactions asked for together share one commit (group commit below). Hooks the
   * work registers (tx.afterCommit) run once its changes are committed, never for an attempt that failed.
   */
  run<T>(work: (trx: Transaction<Database>, tx: TxContext) => Promise<T>, origin?: RequestOrigin): Promise<T>;
  /**
   * A write of one statement that must be on disk before its caller answers, with no transaction of
   * its own to speak of (the access log's rows). PostgreSQL runs it as it is: one round trip, its own
   * commit. SQLite joins it to the group commit below: on its own it would wait for the disk alone, in
   * the server's only thread (1.1 ms an access-log row at a million orders, measured in the bench's
   * mix: a detail view cost two disk waits, its row's and the next write's).
   */
  writeOnDisk<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /**
   * The context of a change made by statements that are each their own transaction (PostgreSQL's
   * one-statement writes, an audit entry with no change to join), committed by the time a hook is
   * registered: hooks run at once.
   */
  committed(origin?: RequestOrigin): TxContext;
  /** The same transactions for the work of one request: their contexts carry its origin. */
  of(origin: RequestOrigin): Transactions;
}

/** The work of one transaction and the hooks it registered. */
interface Scope {
  tx: TxContext;
  hooks: AfterCommitHook[];
}

/** Runs `work` through the app's transactions (ctx.transactions). */
export function inTransaction<T>(
  transactions: Transactions,
  work: (trx: Transaction<Database>, tx: TxContext) => Promise<T>,
  origin: RequestOrigin = NO_ORIGIN,
): Promise<T> {
  return transactions.run(work, origin);
}

/**
 * The transactions of one database and its app's bus; `logHookError` hears the after-commit hooks
 * that failed (the app's logger).
 */
export function createTransactions(
  db: Kysely<Database>,
  events: DomainEvents,
  logHookError: (error: unknown) => void,
): Transactions {
  const runHooks = (hooks: readonly AfterCommitHook[]) => {
    for (const hook of hooks) {
      try {
        // not awaited: the caller is answered without waiting for what follows its commit
        const pending = hook();
        if (pending instanceof Promise) pending.catch(logHookError);
      } catch (error) {
        logHookError(error);
      }
    }
  };
  const open = (trx: Transaction<Database>, origin: RequestOrigin): Scope => {
    const hooks: AfterCommitHook[] = [];
    return { hooks, tx: { trx, events, origin, afterCommit: (hook) => void hooks.push(hook) } };
  };
  const committed = (origin: RequestOrigin = NO_ORIGIN): TxContext => ({
    trx: db,
    events,
    origin,
    afterCommit: (hook) => runHooks([hook]),
  });

  const withOrigins = (base: Omit<Transactions, 'of'>): Transactions => ({
    ...base,
    of: (origin) =>
      withOrigins({
        ...base,
        run: (work, given = origin) => base.run(work, given),
        committed: (given = origin) => base.committed(given),
      }),
  });
  if (dialectOf(db) === 'sqlite') {
    const group = groupCommit(db, open, runHooks);
    return withOrigins({
      db,
      events,
      run: (work, origin = NO_ORIGIN) => group.run(work, origin),
      writeOnDisk: (work) => group.run((trx) => work(trx), NO_ORIGIN),
      committed,
    });
  }
  return withOrigins({
    db,
    events,
    run: (work, origin = NO_ORIGIN) =>
      retryingConflicts(async () => {
        // each attempt collects its own hooks: a deadlocked attempt's are dropped with it
        let scope: Scope | undefined;
        const value = await db.transaction().execute((trx) => {
          scope = open(trx, origin);
          return work(trx, scope.tx);
        });
        if (scope) runHooks(scope.hooks);
        return value;
      }),
    writeOnDisk: (work) => work(db),
    committed,
  });
}

type Work = (trx: Transaction<Database>, tx: TxContext) => Promise<unknown>;
type Outcome = { ok: true; value: unknown; hooks: AfterCommitHook[] } | { ok: false; error: unknown };
interface Queued {
  work: Work;
  origin: RequestOrigin;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit on SQLite. Each commit waits for the disk (DESIGN §10; since decision 0348 off the
 * server's thread, db/sqlite-durability.ts): 0.77 ms a commit at a million orders, a fifth of that
 * thread's time in the bench's mix (issue 8). The transactions asked for in one turn of the event
 * loop run one after another inside one transaction, each in a savepoint of its own, and are
 * committed together: one wait for the disk for all of them. Each caller is answered only after
 * that commit is on disk, so nothing is acknowledged before it is; a work that throws is rolled back to its savepoint alone and
 * its caller gets the error, the others commit. The database's single writer ran them one after
 * another anyway.
 */
function groupCommit(
  db: Kysely<Database>,
  open: (trx: Transaction<Database>, origin: RequestOrigin) => Scope,
  runHooks: (hooks: readonly AfterCommitHook[]) => void,
) {
  let queue: Queued[] = [];

  async function flush(): Promise<void> {
    const batch = queue;
    queue = [];
    let outcomes: Outcome[] = [];
    try {
      await retryingConflicts(() =>
        db.transaction().execute(async (trx) => {
          outcomes = [];
          for (const item of batch) {
            await sql`savepoint grouped`.execute(trx);
            // the works share trx but run one after another: hooks go to the one running now
            const scope = open(trx, item.origin);
            try {
              outcomes.push({ ok: true, value: await item.work(trx, scope.tx), hooks: scope.hooks });
              await sql`release grouped`.execute(trx);
            } catch (error) {
              await sql`rollback to grouped`.execute(trx);
              await sql`release grouped`.execute(trx);
              // rolled back alone: its hooks go with it
              outcomes.push({ ok: false, error });
            }
          }
        }),
      );
      // answered only once the commit is on disk (db/sqlite-durability.ts)
      await writesSettled(db);
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) {
        runHooks(outcome.hooks);
        item.resolve(outcome.value);
      } else item.reject(outcome ? outcome.error : new Error('transaction not run'));
    });
  }

  return {
    run<T>(work: (trx: Transaction<Database>, tx: TxContext) => Promise<T>, origin: RequestOrigin): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        // the first of a turn schedules the commit; the others of that turn join it
        if (queue.length === 0) setImmediate(() => void flush());
        queue.push({ work, origin, resolve: resolve as (value: unknown) => void, reject });
      });
    },
  };
}
