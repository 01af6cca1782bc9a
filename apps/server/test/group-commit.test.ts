import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, openSqlite } from '../src/db/connect.ts';
import type { Database } from '../src/db/schema.ts';
import { createDomainEvents } from '../src/lib/domain-events.ts';
import { createTransactions, inTransaction, type Transactions } from '../src/lib/transaction.ts';

/**
 * SQLite's transactions asked for in one turn of the event loop share one commit (lib/transaction.ts
 * groupCommit). Each must still be its own: answered only once on disk, rolled back alone when it
 * fails, and none answered as done when the shared commit fails.
 */
describe('group commit [sqlite]', () => {
  let dir: string;
  let file: string;
  let db: Kysely<Database>;
  let transactions: Transactions;
  let close: () => Promise<void>;
  // a second connection, as another process would read the file
  let other: ReturnType<typeof openSqlite>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'eta-group-'));
    file = path.join(dir, 'group.sqlite');
    ({ db, close } = connect({ databaseUrl: null, sqliteFile: file }));
    await sql`create table grouped (id integer primary key, v text not null)`.execute(db);
    await sql`create table grouped_child (id integer primary key, parent integer not null references grouped(id))`.execute(
      db,
    );
    other = openSqlite(file);
    transactions = createTransactions(db, createDomainEvents({ error: () => undefined }), (error) => {
      throw error;
    });
  });
  afterAll(async () => {
    other.close();
    await close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (v: string) => (trx: Parameters<Parameters<typeof inTransaction>[1]>[0]) =>
    sql<{ id: number }>`insert into grouped (v) values (${v}) returning id`.execute(trx).then((r) => r.rows[0]?.id);
  const seenElsewhere = (v: string) =>
    other.prepare('select count(*) as n from grouped where v = ?').get(v) as { n: number };
  const commits = () => other.pragma('data_version', { simple: true }) as number;

  it('commits the transactions of one turn together, each answered only once it is on disk', async () => {
    const before = commits();
    const answered = await Promise.all(
      ['a', 'b', 'c', 'd'].map((v) =>
        inTransaction(transactions, insert(v)).then((id) => ({ id, onDisk: seenElsewhere(v).n })),
      ),
    );
    for (const { id, onDisk } of answered) {
      expect(id).toBeGreaterThan(0);
      expect(onDisk).toBe(1);
    }
    // data_version moves once per commit made by another connection: one for the four
    expect(commits() - before).toBe(1);
  });

  it('joins a one-statement write (an access-log row) to the same commit, answered once on disk', async () => {
    const before = commits();
    const [alone, grouped] = await Promise.all([
      transactions
        .writeOnDisk((conn) => sql`insert into grouped (v) values ('log-row')`.execute(conn))
        .then(() => seenElsewhere('log-row').n),
      inTransaction(transactions, insert('change')).then(() => seenElsewhere('change').n),
    ]);
    expect([alone, grouped]).toEqual([1, 1]);
    // one wait for the disk for both: without writeOnDisk the row would commit alone
    expect(commits() - before).toBe(1);
  });

  it('runs them one after another: each sees the writes of those before it', async () => {
    const seen = await Promise.all(
      [1, 2, 3].map((n) =>
        inTransaction(transactions, async (trx) => {
          await insert(`seq-${n}`)(trx);
          const rows = await sql<{ v: string }>`select v from grouped where v like 'seq-%' order by id`.execute(trx);
          return rows.rows.map((r) => r.v);
        }),
      ),
    );
    expect(seen).toEqual([['seq-1'], ['seq-1', 'seq-2'], ['seq-1', 'seq-2', 'seq-3']]);
  });

  it('rolls back a transaction that fails, alone: its caller gets the error, the others commit', async () => {
    const results = await Promise.allSettled([
      inTransaction(transactions, insert('kept-1')),
      inTransaction(transactions, async (trx) => {
        await insert('dropped')(trx);
        throw new Error('refused');
      }),
      inTransaction(transactions, insert('kept-2')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('refused');
    expect(seenElsewhere('kept-1').n).toBe(1);
    expect(seenElsewhere('kept-2').n).toBe(1);
    expect(seenElsewhere('dropped').n).toBe(0);
  });

  it('answers none as done when the shared commit fails, and writes none of them', async () => {
    const results = await Promise.allSettled([
      inTransaction(transactions, insert('lost-1')),
      inTransaction(transactions, async (trx) => {
        // a foreign key checked at COMMIT: the commit itself fails
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await sql`insert into grouped_child (parent) values (999999)`.execute(trx);
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(seenElsewhere('lost-1').n).toBe(0);
    // and the next turn commits normally
    await inTransaction(transactions, insert('after'));
    expect(seenElsewhere('after').n).toBe(1);
  });
});
