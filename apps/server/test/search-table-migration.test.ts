import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../src/db/connect.ts';
import { migrateTo } from '../src/db/migrate.ts';
import { createPgDatabase, DIALECTS } from './test-app.ts';

const at = '2026-05-01T10:00:00.000Z';
const order = (orderId: string, text: string) => ({
  order_id: orderId,
  domain: 'primary',
  process_status: 'New',
  processing_type: 'standard',
  search_text: text,
  created_at: at,
  updated_at: at,
});

/**
 * Migration 024 is PostgreSQL's: on SQLite it adds nothing, up or down, and SQLite's own search
 * index (FTS5, migration 020) goes on following orders. This part runs everywhere, so the file holds
 * a test on a machine without PostgreSQL (Vitest fails a file that registers none).
 */
describe('order_search (migration 024) [sqlite]', () => {
  let handle: DbHandle;
  /** which of PostgreSQL's search table and SQLite's FTS5 table the database holds */
  const tables = async () =>
    (
      await sql<{ name: string }>`select name from sqlite_master
        where name in ('order_search', 'orders_search') order by name`.execute(handle.db)
    ).rows.map((r) => r.name);
  /** the order ids SQLite's FTS5 index finds for a text */
  const found = async (text: string) =>
    (
      await sql<{ order_id: string }>`select o.order_id from orders_search s join orders o on o.id = s.rowid
        where orders_search match ${`"${text}"`} order by o.order_id`.execute(handle.db)
    ).rows.map((r) => r.order_id);

  beforeAll(async () => {
    handle = connect({ databaseUrl: null, sqliteFile: ':memory:', preparedStatements: false });
    await migrateTo(handle.db, '023_postgres_report_statements');
    await handle.db
      .insertInto('orders')
      .values([order('UKETA-1000000001', 'uketa-1000000001\nada')])
      .execute();
    await migrateTo(handle.db, null);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('adds no table, and the FTS5 index goes on following orders, also once the migration is undone', async () => {
    expect(await tables()).toEqual(['orders_search']);
    expect(await found('ada')).toEqual(['UKETA-1000000001']);
    await handle.db
      .insertInto('orders')
      .values([order('UKETA-1000000002', 'uketa-1000000002\nadam')])
      .execute();
    expect(await found('ada')).toEqual(['UKETA-1000000001', 'UKETA-1000000002']);
    await migrateTo(handle.db, '023_postgres_report_statements');
    expect(await tables()).toEqual(['orders_search']);
    await handle.db.deleteFrom('orders').where('order_id', '=', 'UKETA-1000000001').execute();
    expect(await found('ada')).toEqual(['UKETA-1000000002']);
  });
});

/**
 * Migration 024 (PostgreSQL only) over a database that already holds orders: every order's text
 * is copied, and the triggers keep order_search equal to orders.search_text from then on.
 */
// registered on PostgreSQL alone: SQLite has no such table (its search index is FTS5, migration 020)
const onPostgres = DIALECTS.includes('postgres') ? describe : () => {};
onPostgres('order_search (migration 024) [postgres]', () => {
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>>;
  let handle: DbHandle;

  /** order_search as [id, date, text] beside orders' own, both by id */
  async function bothSides() {
    const db = handle.db;
    const orders = await db.selectFrom('orders').select(['id', 'created_at', 'search_text']).orderBy('id').execute();
    const copies = await db
      .selectFrom('order_search')
      .select(['id', 'created_at', 'search_text'])
      .orderBy('id')
      .execute();
    return {
      orders: orders.map((r) => [Number(r.id), r.created_at, r.search_text]),
      copies: copies.map((r) => [Number(r.id), r.created_at, r.search_text]),
    };
  }

  beforeAll(async () => {
    pgDb = await createPgDatabase();
    handle = connect({ databaseUrl: pgDb.url, sqliteFile: ':memory:', preparedStatements: false });
    await migrateTo(handle.db, '023_postgres_report_statements');
    await handle.db
      .insertInto('orders')
      .values([order('UKETA-1000000001', 'uketa-1000000001\nada'), order('UKETA-1000000002', 'uketa-1000000002\nbo')])
      .execute();
    await migrateTo(handle.db, null);
  });
  afterAll(async () => {
    await handle?.close();
    await pgDb?.drop();
  });

  it('copies the text of the orders already there', async () => {
    const { orders, copies } = await bothSides();
    expect(orders).toHaveLength(2);
    expect(copies).toEqual(orders);
  });

  it('follows inserts, text changes, id changes and deletes', async () => {
    const db = handle.db;
    await db
      .insertInto('orders')
      .values([order('UKETA-1000000003', 'uketa-1000000003\ncy'), order('UKETA-1000000004', 'uketa-1000000004\ndee')])
      .execute();
    await db
      .updateTable('orders')
      .set({ search_text: 'uketa-1000000001\nada lovelace' })
      .where('order_id', '=', 'UKETA-1000000001')
      .execute();
    // a change of anything else leaves the copy alone
    await db
      .updateTable('orders')
      .set({ process_status: 'Completed' })
      .where('order_id', '=', 'UKETA-1000000002')
      .execute();
    await db.updateTable('orders').set({ id: 900 }).where('order_id', '=', 'UKETA-1000000003').execute();
    await db
      .updateTable('orders')
      .set({ created_at: '2026-04-30T09:00:00.000Z' })
      .where('order_id', '=', 'UKETA-1000000002')
      .execute();
    await db.deleteFrom('orders').where('order_id', '=', 'UKETA-1000000004').execute();
    const { orders, copies } = await bothSides();
    expect(orders).toHaveLength(3);
    expect(copies).toEqual(orders);
    expect(copies).toContainEqual([900, at, 'uketa-1000000003\ncy']);
  });

  it('is emptied with orders, and gone again when the migration is undone', async () => {
    const db = handle.db;
    await sql`truncate orders cascade`.execute(db);
    expect((await bothSides()).copies).toEqual([]);
    await migrateTo(handle.db, '023_postgres_report_statements');
    const { rows } = await sql<{ name: string | null }>`select to_regclass('order_search')::text as name`.execute(db);
    expect(rows[0]?.name).toBeNull();
    const index = await sql<{ name: string | null }>`select to_regclass('orders_search_trgm')::text as name`.execute(
      db,
    );
    expect(index.rows[0]?.name).toBe('orders_search_trgm');
  });
});
