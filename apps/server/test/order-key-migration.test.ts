import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../src/db/connect.ts';
import { migrateTo } from '../src/db/migrate.ts';
import { createPgDatabase, DIALECTS } from './test-app.ts';

/**
 * Migration 111 renames the integer order key of the tables that point at an order from order_id to
 * order_key (decision 0354), over a database with rows: the rows keep their orders, the partial index
 * of unmatched mail and the trigger that marks an order's service level met by its first document
 * keep working, on both databases, and the rename is undone and done again.
 */
const BEFORE = '110_processor_money';
const AT = '2026-05-01T10:00:00.000Z';
const TABLES = ['order_events', 'documents', 'remarks', 'disputes', 'inbound_mail', 'refunds', 'notifications'];

for (const dialect of DIALECTS) {
  describe(`order key migration (111) [${dialect}]`, () => {
    let handle: DbHandle;
    let drop: (() => Promise<void>) | null = null;
    const ids = new Map<string, number>();
    // the schema of either side of 111, not today's types
    // biome-ignore lint/suspicious/noExplicitAny: a database migrated to 110 has no order_key
    const db = () => handle.db as Kysely<any>;

    const addOrder = async (orderId: string) => {
      const row = await db()
        .insertInto('orders')
        .values({
          order_id: orderId,
          domain: 'primary',
          process_status: 'New',
          processing_type: 'standard',
          search_text: orderId.toLowerCase(),
          sla_due_at: '2026-05-04T10:00:00.000Z',
          created_at: AT,
          updated_at: AT,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(orderId, row.id);
      return row.id as number;
    };
    const addDocument = (key: 'order_id' | 'order_key', orderDbId: number, at: string) =>
      db()
        .insertInto('documents')
        .values({
          [key]: orderDbId,
          file1: `${orderDbId}.pdf`,
          content_type: 'application/pdf',
          size: 10,
          is_rejected_doc: 'No',
          mail_service_provider: 'cloud',
          created_at: at,
        })
        .execute();
    const metAt = async (orderId: string) =>
      (await db().selectFrom('orders').select('sla_met_at').where('order_id', '=', orderId).executeTakeFirstOrThrow())
        .sla_met_at;
    const columnsOf = async (table: string) =>
      ((await handle.db.introspection.getTables()).find((t) => t.name === table)?.columns ?? []).map((c) => c.name);
    const unmatchedIndex = async () =>
      dialect === 'postgres'
        ? (
            await sql<{
              d: string;
            }>`select indexdef as d from pg_indexes where indexname = 'inbound_mail_unmatched'`.execute(db())
          ).rows[0]?.d
        : (
            await sql<{ d: string }>`select sql as d from sqlite_master where name = 'inbound_mail_unmatched'`.execute(
              db(),
            )
          ).rows[0]?.d;

    beforeAll(async () => {
      const pg = dialect === 'postgres' ? await createPgDatabase() : null;
      drop = pg?.drop ?? null;
      handle = connect({ databaseUrl: pg?.url ?? null, sqliteFile: ':memory:', preparedStatements: false });
      await migrateTo(handle.db, BEFORE);
      const first = await addOrder('UKETA-0000000001');
      await addOrder('UKETA-0000000002');
      const staff = await db()
        .insertInto('staff')
        .values({
          name: 'Tara',
          email: 't@example.test',
          password_hash: 'x',
          type: 'Team',
          created_at: AT,
          updated_at: AT,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const values = { order_id: first, created_at: AT };
      await db()
        .insertInto('order_events')
        .values({
          ...values,
          staff_id: staff.id,
          staff_name: 'Tara',
          kind: 'status',
          from_value: 'New',
          to_value: 'Pending',
        })
        .execute();
      await addDocument('order_id', first, '2026-05-02T09:00:00.000Z');
      await db()
        .insertInto('remarks')
        .values({
          ...values,
          staff_id: staff.id,
          remark_name: 'Tara',
          remark: 'called',
          whatsapp: 'N',
          telephone: 'Y',
          status_refund: 'N',
          voided: 'N',
          chargeback: 'N',
          report_error: 'N',
          us_date: '05/01/2026',
          us_time: '06:00 AM',
        })
        .execute();
      await db()
        .insertInto('disputes')
        .values({
          order_id: first,
          processor: 'adyen',
          processor_dispute_id: 'ady-1',
          reason_code: '4837',
          reason_category: 'fraud',
          amount_minor: 3900,
          currency: 'GBP',
          opened_at: AT,
          stage: 'chargeback',
          state: 'needs_response',
          source: 'manual',
          updated_at: AT,
          created_at: AT,
        })
        .execute();
      expect(await metAt('UKETA-0000000001')).toBe('2026-05-02T09:00:00.000Z');
      await migrateTo(handle.db, null);
    });
    afterAll(async () => {
      await handle?.close();
      await drop?.();
    });

    it('names the integer key order_key, keeping every row on its order', async () => {
      for (const table of TABLES) {
        const columns = await columnsOf(table);
        expect(columns, table).toContain('order_key');
        expect(columns, table).not.toContain('order_id');
      }
      expect(await columnsOf('orders')).toContain('order_id');
      const first = ids.get('UKETA-0000000001');
      for (const table of ['order_events', 'documents', 'remarks', 'disputes'])
        expect(await db().selectFrom(table).select('order_key').execute(), table).toEqual([{ order_key: first }]);
    });

    it('keeps the partial index of unmatched mail, on the renamed column', async () => {
      expect(await unmatchedIndex()).toMatch(/order_key"?\)? is null/i);
    });

    it("marks an order's service level met by its first document, as before", async () => {
      expect(await metAt('UKETA-0000000002')).toBeNull();
      await addDocument('order_key', ids.get('UKETA-0000000002') as number, '2026-05-03T09:00:00.000Z');
      expect(await metAt('UKETA-0000000002')).toBe('2026-05-03T09:00:00.000Z');
    });

    it('is undone, the trigger working on order_id again, and done again', async () => {
      await migrateTo(handle.db, BEFORE);
      expect(await columnsOf('documents')).toContain('order_id');
      const third = await addOrder('UKETA-0000000003');
      await addDocument('order_id', third, '2026-05-03T10:00:00.000Z');
      expect(await metAt('UKETA-0000000003')).toBe('2026-05-03T10:00:00.000Z');
      await migrateTo(handle.db, null);
      expect(await columnsOf('documents')).toContain('order_key');
      expect(
        await db().selectFrom('documents').select('order_key').where('order_key', '=', third).execute(),
      ).toHaveLength(1);
    });
  });
}
