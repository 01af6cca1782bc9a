import { type Kysely, sql, type Transaction } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';

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

/** The hooks of one work inside one transaction, and the database it belongs to. */
interface Scope {
  root: Kysely<Database>;
  hooks: AfterCommitHook[];
}

/** The transactions inTransaction opened, each with the scope of the work running in it now. */
const scopes = new WeakMap<Transaction<Database>, Scope>();
const hookErrorLogs = new WeakMap<Kysely<Database>, (error: unknown) => void>();

/**
 * Runs `hook` once the transaction `db` belongs to has committed; on a plain connection (no
 * transaction) at once. Dropped when the work that registered it fails or its attempt is retried.
 * Hooks run in order, just before the caller is answered; a promise one returns is not awaited. A
 * hook that throws is logged (logHookErrors), never thrown into the caller: the change is done.
 * Register it while the work runs; a transaction not opened by inTransaction has no known commit.
 */
export function afterCommit(db: Db, hook: AfterCommitHook): void {
  if (!db.isTransaction) {
    runHooks({ root: db as Kysely<Database>, hooks: [hook] });
    return;
  }
  const scope = scopes.get(db as Transaction<Database>);
  if (!scope) throw new Error('afterCommit: the transaction was not opened by inTransaction');
  scope.hooks.push(hook);
}

/** The database a connection or transaction belongs to (undefined: a transaction inTransaction did not open). */
export function rootOf(db: Db): Kysely<Database> | undefined {
  return db.isTransaction ? scopes.get(db as Transaction<Database>)?.root : (db as Kysely<Database>);
}

/** Where the failures of this database's after-commit hooks are logged (the app's logger). */
export function logHookErrors(db: Kysely<Database>, log: (error: unknown) => void): void {
  hookErrorLogs.set(db, log);
}

function runHooks(scope: Scope): void {
  const report = (error: unknown) => {
    const log = hookErrorLogs.get(scope.root);
    if (log) log(error);
    else console.error('after-commit hook failed', error);
  };
  for (const hook of scope.hooks) {
    try {
      // not awaited: the caller is answered without waiting for what follows its commit
      const pending = hook();
      if (pending instanceof Promise) pending.catch(report);
    } catch (error) {
      report(error);
    }
  }
}

/**
 * Runs `work` in one transaction, run again when it lost to another writer (retryingConflicts).
 * On SQLite the transactions asked for together share one commit (groupCommit). Hooks the work
 * registers (afterCommit) run once its changes are committed, never for an attempt that failed.
 */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
  attempts = 4,
): Promise<T> {
  if (dialectOf(db) === 'sqlite') return groupCommit(db).run(work);
  return retryingConflicts(async () => {
    // each attempt collects its own hooks: a deadlocked attempt's are dropped with it
    const scope: Scope = { root: db, hooks: [] };
    const value = await db.transaction().execute((trx) => {
      scopes.set(trx, scope);
      return work(trx);
    });
    runHooks(scope);
    return value;
  }, attempts);
}

/**
 * A write of one statement that must be on disk before its caller answers, with no transaction of
 * its own to speak of (the access log's rows). PostgreSQL runs it as it is: one round trip, its own
 * commit. SQLite joins it to the group commit below: on its own it would wait for the disk alone, in
 * the server's only thread (1.1 ms an access-log row at a million orders, measured in the bench's
 * mix: a detail view cost two disk waits, its row's and the next write's).
 */
export function writeOnDisk<T>(
  db: Kysely<Database>,
  work: (db: Kysely<Database> | Transaction<Database>) => Promise<T>,
) {
  if (dialectOf(db) === 'sqlite') return groupCommit(db).run(work);
  return work(db);
}

type Work = (trx: Transaction<Database>) => Promise<unknown>;
type Outcome = { ok: true; value: unknown; scope: Scope } | { ok: false; error: unknown };
interface Queued {
  work: Work;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const committers = new WeakMap<
  Kysely<Database>,
  { run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> }
>();

/**
 * Group commit on SQLite. Each commit waits for the disk (`synchronous=FULL`, DESIGN §10), in the
 * server's only thread: 0.77 ms a commit at a million orders, a fifth of that thread's time in the
 * bench's mix (issue 8). The transactions asked for in one turn of the event loop run one after
 * another inside one transaction, each in a savepoint of its own, and are committed together: one
 * wait for the disk for all of them. Each caller is answered only after that commit, so nothing is
 * acknowledged before it is on disk; a work that throws is rolled back to its savepoint alone and
 * its caller gets the error, the others commit. The database's single writer ran them one after
 * another anyway.
 */
function groupCommit(db: Kysely<Database>) {
  let committer = committers.get(db);
  if (committer) return committer;
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
            const scope: Scope = { root: db, hooks: [] };
            scopes.set(trx, scope);
            try {
              outcomes.push({ ok: true, value: await item.work(trx), scope });
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
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) {
        runHooks(outcome.scope);
        item.resolve(outcome.value);
      } else item.reject(outcome ? outcome.error : new Error('transaction not run'));
    });
  }

  committer = {
    run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        // the first of a turn schedules the commit; the others of that turn join it
        if (queue.length === 0) setImmediate(() => void flush());
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      });
    },
  };
  committers.set(db, committer);
  return committer;
}
