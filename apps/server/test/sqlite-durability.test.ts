import { mkdtempSync, rmSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../src/db/connect.ts';
import type { Database } from '../src/db/schema.ts';
import { WalFlush } from '../src/db/sqlite-durability.ts';
import { createDomainEvents } from '../src/lib/domain-events.ts';
import { createTransactions, inTransaction, type Transactions } from '../src/lib/transaction.ts';

/**
 * Decision 0348: SQLite commits with synchronous=NORMAL and the WAL is flushed off the server's
 * thread. Nobody is answered for a write before a flush that began after its commit has finished;
 * reads go on meanwhile. The flush here is held by the test, so "answered too early" shows.
 */

/** A flush the test lets finish: each call waits until `release()`. */
function heldSync() {
  const calls: { file: FileHandle; release: () => void; fail: (error: Error) => void }[] = [];
  const sync = (file: FileHandle) =>
    new Promise<void>((release, fail) => {
      calls.push({ file, release, fail });
    });
  return { sync, calls };
}

/** lets the event loop turn (the thread pool's open of the WAL file included) */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

function tracked<T>(promise: Promise<T>) {
  const state = { done: false, failed: null as unknown };
  promise.then(
    () => {
      state.done = true;
    },
    (error) => {
      state.failed = error;
    },
  );
  return state;
}

describe('WAL flushed off the thread [sqlite]', () => {
  let dir: string;
  let handle: DbHandle;
  let db: Kysely<Database>;
  let transactions: Transactions;
  const held = heldSync();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'eta-flush-'));
    handle = connect({ databaseUrl: null, sqliteFile: path.join(dir, 'flush.sqlite'), syncWal: held.sync });
    db = handle.db;
    // before any flush is held: the table's creation is flushed like any write
    const created = sql`create table kept (id integer primary key, v text not null)`.execute(db);
    await settle();
    held.calls.shift()?.release();
    await created;
    transactions = createTransactions(db, createDomainEvents({ error: () => undefined }), (error) => {
      throw error;
    });
  });
  afterEach(async () => {
    // nothing left held for the next test
    for (const call of held.calls.splice(0)) call.release();
    await settle();
    for (const call of held.calls.splice(0)) call.release();
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('commits with synchronous=NORMAL: the flush, not the commit, waits for the disk', async () => {
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    expect(rows[0]?.synchronous).toBe(1);
  });

  it('answers a transaction only after the flush of its commit, and reads go on meanwhile', async () => {
    const write = tracked(inTransaction(transactions, (trx) => sql`insert into kept (v) values ('a')`.execute(trx)));
    await settle();
    expect(held.calls).toHaveLength(1);
    expect(write.done).toBe(false);
    // committed and readable (the connection is free), not yet acknowledged
    const { rows } = await sql<{ n: number }>`select count(*) as n from kept where v = 'a'`.execute(db);
    expect(rows[0]?.n).toBe(1);
    expect(write.done).toBe(false);
    held.calls.shift()?.release();
    await settle();
    expect(write.done).toBe(true);
  });

  it('answers an autocommit write only after its flush, of the WAL file itself', async () => {
    const write = tracked(
      db
        .insertInto('kept' as never)
        .values({ v: 'b' } as never)
        .execute(),
    );
    await settle();
    expect(write.done).toBe(false);
    const call = held.calls.shift();
    expect((await call?.file.stat())?.size).toBeGreaterThan(0);
    call?.release();
    await settle();
    expect(write.done).toBe(true);
  });

  it('asks no flush for reads, nor for a transaction that wrote nothing', async () => {
    await sql`select count(*) from kept`.execute(db);
    await inTransaction(transactions, (trx) => sql`select count(*) from kept`.execute(trx));
    await settle();
    expect(held.calls).toHaveLength(0);
  });

  it('groups the commits made during a flush into the next one', async () => {
    const first = tracked(inTransaction(transactions, (trx) => sql`insert into kept (v) values ('c')`.execute(trx)));
    await settle();
    expect(held.calls).toHaveLength(1);
    // committed while the first flush runs: that flush may have begun before them
    const later = [1, 2, 3].map(() =>
      tracked(
        db
          .insertInto('kept' as never)
          .values({ v: 'd' } as never)
          .execute(),
      ),
    );
    await settle();
    held.calls.shift()?.release();
    await settle();
    expect(first.done).toBe(true);
    expect(later.some((w) => w.done)).toBe(false);
    // one more flush covers all three
    expect(held.calls).toHaveLength(1);
    held.calls.shift()?.release();
    await settle();
    expect(later.every((w) => w.done)).toBe(true);
  });
});

describe('WalFlush', () => {
  it('fails every write after a failed flush, until the server restarts', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'eta-flush-fail-'));
    const file = path.join(dir, 'x.sqlite');
    const handle = connect({ databaseUrl: null, sqliteFile: file });
    await sql`create table t (v text)`.execute(handle.db);
    const held = heldSync();
    const flush = new WalFlush(file, held.sync);
    flush.written();
    const first = flush.settled();
    await settle();
    held.calls.shift()?.fail(new Error('EIO'));
    await expect(first).rejects.toThrow(/could not be flushed to disk: EIO/);
    flush.written();
    await expect(flush.settled()).rejects.toThrow(/could not be flushed/);
    await flush.close();
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('resolves at once when nothing is waiting for the disk', async () => {
    const flush = new WalFlush('/nonexistent/never-opened.sqlite');
    expect(flush.pending).toBe(false);
    await expect(flush.settled()).resolves.toBeUndefined();
  });
});
