import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, openSqlite } from '../src/db/connect.ts';
import type { Database } from '../src/db/schema.ts';
import { createDomainEvents } from '../src/lib/domain-events.ts';
import * as transaction from '../src/lib/transaction.ts';
import { createTransactions, inTransaction, type Transactions, type TxContext } from '../src/lib/transaction.ts';
import { announceOrderEvents } from '../src/modules/order-changes/index.ts';
import { createPgDatabase, describeEachDialect } from './test-app.ts';

/**
 * lib/transaction.ts afterCommit: work registered inside a transaction runs once it has committed,
 * never for a work or an attempt that did not, and never fails the caller (DESIGN §13).
 */
describeEachDialect('after-commit hooks', (dialect) => {
  let dir: string;
  let db: Kysely<Database>;
  let transactions: Transactions;
  const events = createDomainEvents({ error: () => undefined });
  let close: () => Promise<void>;
  let dropPg: (() => Promise<void>) | null = null;
  /** how many rows with value `v` another connection sees: committed, or not */
  let seenElsewhere: (v: string) => Promise<number>;
  let closeOther: () => Promise<void>;
  const hookErrors: unknown[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'eta-hooks-'));
    if (dialect === 'postgres') {
      const pgDb = await createPgDatabase();
      dropPg = pgDb.drop;
      ({ db, close } = connect({ databaseUrl: pgDb.url, sqliteFile: '' }));
      await sql`create table hooked (id serial primary key, v text not null)`.execute(db);
      const other = new pg.Client({ connectionString: pgDb.url });
      await other.connect();
      seenElsewhere = async (v) =>
        Number((await other.query('select count(*) as n from hooked where v = $1', [v])).rows[0].n);
      closeOther = () => other.end();
    } else {
      const file = path.join(dir, 'hooks.sqlite');
      ({ db, close } = connect({ databaseUrl: null, sqliteFile: file }));
      await sql`create table hooked (id integer primary key, v text not null)`.execute(db);
      const other = openSqlite(file);
      seenElsewhere = async (v) =>
        (other.prepare('select count(*) as n from hooked where v = ?').get(v) as { n: number }).n;
      closeOther = async () => {
        other.close();
      };
    }
    transactions = createTransactions(db, events, (error) => hookErrors.push(error));
  });
  afterAll(async () => {
    await closeOther();
    await close();
    await dropPg?.();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (trx: Transaction<Database>, v: string) => sql`insert into hooked (v) values (${v})`.execute(trx);

  /** A work that inserts `v` and registers a hook recording what another connection sees of it then. */
  function hooked(v: string, ran: Map<string, Promise<number>[]>) {
    return async (trx: Transaction<Database>, tx: TxContext) => {
      await insert(trx, v);
      tx.afterCommit(() => {
        ran.set(v, [...(ran.get(v) ?? []), seenElsewhere(v)]);
      });
      return v;
    };
  }
  const settle = async (ran: Map<string, Promise<number>[]>) =>
    Object.fromEntries(await Promise.all([...ran].map(async ([v, seen]) => [v, await Promise.all(seen)])));

  it('runs a hook once, after the commit: by then another connection sees the change', async () => {
    const ran = new Map<string, Promise<number>[]>();
    let ranBeforeAnswer = false;
    const answer = await inTransaction(transactions, async (trx, tx) => {
      const v = await hooked('one', ran)(trx, tx);
      expect(ran.size).toBe(0);
      return v;
    }).then((v) => {
      ranBeforeAnswer = ran.has('one');
      return v;
    });
    expect(answer).toBe('one');
    expect(ranBeforeAnswer).toBe(true);
    expect(await settle(ran)).toEqual({ one: [1] });
  });

  it('runs nothing when the transaction fails', async () => {
    const ran = new Map<string, Promise<number>[]>();
    await expect(
      inTransaction(transactions, async (trx, tx) => {
        await hooked('failed', ran)(trx, tx);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran.size).toBe(0);
    expect(await seenElsewhere('failed')).toBe(0);
  });

  it('drops the hooks of a failed work and runs those of the works committed beside it', async () => {
    const ran = new Map<string, Promise<number>[]>();
    // asked for in one turn: on SQLite one shared transaction, each work in its own savepoint
    const results = await Promise.allSettled([
      inTransaction(transactions, hooked('kept-1', ran)),
      inTransaction(transactions, async (trx, tx) => {
        await hooked('dropped', ran)(trx, tx);
        throw new Error('refused');
      }),
      inTransaction(transactions, hooked('kept-2', ran)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await settle(ran)).toEqual({ 'kept-1': [1], 'kept-2': [1] });
  });

  it('keeps no hook of an attempt that was run again after losing to another writer', async () => {
    const ran = new Map<string, Promise<number>[]>();
    const attempts: string[] = [];
    const flaky = failingFirstCommit(db, dialect === 'postgres' ? '40001' : 'SQLITE_BUSY');
    const flakyTransactions = createTransactions(flaky, events, (error) => hookErrors.push(error));
    const answers = await Promise.all(
      ['retried-1', 'retried-2'].map((v) =>
        inTransaction(flakyTransactions, async (trx, tx) => {
          attempts.push(v);
          return hooked(v, ran)(trx, tx);
        }),
      ),
    );
    expect(answers).toEqual(['retried-1', 'retried-2']);
    // one transaction (SQLite: the shared one, both works) ran again after its rollback; each hook ran once
    expect(attempts).toHaveLength(dialect === 'postgres' ? 3 : 4);
    expect(await settle(ran)).toEqual({ 'retried-1': [1], 'retried-2': [1] });
  });

  it('logs a hook that throws or rejects, runs the others, and answers the caller', async () => {
    hookErrors.length = 0;
    const ran: string[] = [];
    const answer = await inTransaction(transactions, async (trx, tx) => {
      await insert(trx, 'throwing');
      tx.afterCommit(() => {
        throw new Error('hook broke');
      });
      tx.afterCommit(() => Promise.reject(new Error('async hook broke')));
      tx.afterCommit(() => {
        ran.push('after');
      });
      return 'done';
    });
    expect(answer).toBe('done');
    expect(ran).toEqual(['after']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(hookErrors.map((e) => (e as Error).message)).toEqual(['hook broke', 'async hook broke']);
    expect(await seenElsewhere('throwing')).toBe(1);
  });

  it('runs a hook at once for a change that was its own statement, committed already', () => {
    const ran: string[] = [];
    transactions.committed().afterCommit(() => {
      ran.push('now');
    });
    expect(ran).toEqual(['now']);
  });

  it('takes hooks only through a transaction context: a transaction Kysely opened itself has none to take', () => {
    // once `afterCommit(trx, hook)`, keyed by the transaction in a module map, which threw at run time
    // for a transaction inTransaction had not opened (Kysely's own db.transaction())
    expect(Object.keys(transaction)).not.toContain('afterCommit');
    const bare = (trx: Transaction<Database>) =>
      // @ts-expect-error a bare transaction is no TxContext: no hooks, no bus (tsc fails if this compiles)
      announceOrderEvents(trx, null, []);
    expect(typeof bare).toBe('function');
  });
});

/**
 * The database as it behaves when another writer wins once: the first transaction runs its works,
 * then fails as SQLite's busy or PostgreSQL's serialization failure does, and is rolled back.
 */
function failingFirstCommit(db: Kysely<Database>, code: string): Kysely<Database> {
  let failed = false;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'transaction') {
        return () => ({
          execute: <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
            target.transaction().execute(async (trx) => {
              const value = await work(trx);
              if (!failed) {
                failed = true;
                throw Object.assign(new Error('lost to another writer'), { code });
              }
              return value;
            }),
        });
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
