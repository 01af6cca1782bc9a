import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../src/db/connect.ts';
import { migrateTo } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';
import { createPgDatabase, DIALECTS } from './test-app.ts';

const BEFORE = '070_mail_sender';
const CREATED = '2026-05-01T10:00:00.000Z';

/**
 * Migration 080 over a database that already holds orders: the open ones get a due time by the
 * default hours, met by their first document, paused since their move into waiting; the closed ones
 * stay unmeasured; the processed-by tallies gain the open processed orders' flags. Undone, the
 * tallies' triggers are as migration 010 and 023 made them.
 */
for (const dialect of DIALECTS) {
  describe(`service levels migration (080) [${dialect}]`, () => {
    let handle: DbHandle;
    let drop: (() => Promise<void>) | null = null;
    let staffId: number;
    const ids = new Map<string, number>();

    const db = () => handle.db as Kysely<Database>;
    // documents and events as a database before 111 has them: their order's key is still order_id
    // biome-ignore lint/suspicious/noExplicitAny: the schema as migration 079 left it, not today's types
    const before111 = () => handle.db as Kysely<any>;
    const order = (orderId: string, status: string, type: string, extra: Record<string, unknown> = {}) => ({
      order_id: orderId,
      domain: 'primary',
      process_status: status,
      processing_type: type,
      search_text: orderId.toLowerCase(),
      created_at: CREATED,
      updated_at: CREATED,
      ...extra,
    });
    const row = (orderId: string) =>
      db()
        .selectFrom('orders')
        .select(['sla_due_at', 'sla_met_at', 'sla_paused_at'])
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
    const tallies = () =>
      db()
        .selectFrom('report_processed_days')
        .select(['report_day', 'n', 'sla_measured', 'sla_met'])
        .where('n', '>', 0)
        .orderBy('report_day')
        .execute();

    beforeAll(async () => {
      const pg = dialect === 'postgres' ? await createPgDatabase() : null;
      drop = pg?.drop ?? null;
      handle = connect({ databaseUrl: pg?.url ?? null, sqliteFile: ':memory:', preparedStatements: false });
      await migrateTo(handle.db, BEFORE);
      const inserted = await db()
        .insertInto('staff')
        .values({
          name: 'Tara Team',
          email: 't@example.test',
          password_hash: 'x',
          type: 'Team',
          created_at: CREATED,
          updated_at: CREATED,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      staffId = Number(inserted.id);
      const processed = (at: string) => ({ processed_by: staffId, updated_at: at });
      const rows = await db()
        .insertInto('orders')
        .values([
          order('UKETA-0000000001', 'New', 'priority'),
          order('UKETA-0000000002', 'Awaiting ', 'standard'),
          order('UKETA-0000000003', 'Completed', 'standard', processed('2026-05-02T09:00:00.000Z')),
          order('UKETA-0000000004', 'Pending', 'standard', processed('2026-05-02T09:00:00.000Z')),
          order('UKETA-0000000005', 'Contact Customer', 'priority', processed('2026-05-03T09:00:00.000Z')),
          order('UKETA-0000000006', 'AwaitingGovt', 'standard'),
        ])
        .returning(['id', 'order_id'])
        .execute();
      for (const r of rows) ids.set(r.order_id, Number(r.id));
      const doc = (orderId: string, at: string) => ({
        order_id: ids.get(orderId) as number,
        file1: `${orderId}_file1.pdf`,
        content_type: 'application/pdf',
        size: 10,
        is_rejected_doc: 'No',
        mail_service_provider: 'cloud',
        created_at: at,
      });
      // 4 on time (due 4 May), 5 late (due 2 May), 3 closed (never measured)
      await before111()
        .insertInto('documents')
        .values([
          doc('UKETA-0000000004', '2026-05-02T09:00:00.000Z'),
          doc('UKETA-0000000005', '2026-05-03T09:00:00.000Z'),
          doc('UKETA-0000000003', '2026-05-02T09:00:00.000Z'),
        ])
        .execute();
      await before111()
        .insertInto('order_events')
        .values({
          order_id: ids.get('UKETA-0000000002') as number,
          staff_id: staffId,
          staff_name: 'Tara Team',
          kind: 'status',
          from_value: 'New',
          to_value: 'Awaiting ',
          detail: null,
          created_at: '2026-05-01T15:30:00.000Z',
        })
        .execute();
      await migrateTo(handle.db, null);
    });
    afterAll(async () => {
      await handle?.close();
      await drop?.();
    });

    it('gives the open orders a due time by the default hours, met by their first document', async () => {
      expect(await row('UKETA-0000000001')).toEqual({
        sla_due_at: '2026-05-02T10:00:00.000Z',
        sla_met_at: null,
        sla_paused_at: null,
      });
      expect(await row('UKETA-0000000004')).toEqual({
        sla_due_at: '2026-05-04T10:00:00.000Z',
        sla_met_at: '2026-05-02T09:00:00.000Z',
        sla_paused_at: null,
      });
      expect((await row('UKETA-0000000005')).sla_met_at).toBe('2026-05-03T09:00:00.000Z');
    });

    it('pauses the waiting ones since their move into waiting, or since they arrived', async () => {
      expect(await row('UKETA-0000000002')).toEqual({
        sla_due_at: '2026-05-04T10:00:00.000Z',
        sla_met_at: null,
        sla_paused_at: '2026-05-01T15:30:00.000Z',
      });
      expect((await row('UKETA-0000000006')).sla_paused_at).toBe(CREATED);
    });

    it('leaves the closed orders unmeasured', async () => {
      expect(await row('UKETA-0000000003')).toEqual({ sla_due_at: null, sla_met_at: null, sla_paused_at: null });
    });

    it('adds the open processed orders to the tallies: 4 met on 2 May, 5 late on 3 May', async () => {
      expect(await tallies()).toEqual([
        { report_day: '2026-05-02', n: 2, sla_measured: 1, sla_met: 1 },
        { report_day: '2026-05-03', n: 1, sla_measured: 1, sla_met: 0 },
      ]);
    });

    it('is undone with the tallies kept as before, and done again', async () => {
      await migrateTo(handle.db, BEFORE);
      const columns = (await handle.db.introspection.getTables()).find((t) => t.name === 'orders')?.columns ?? [];
      expect(columns.map((c) => c.name)).not.toContain('sla_due_at');
      // migration 010's triggers, as they were: a processed order counts, and moving it counts again
      await db()
        .insertInto('orders')
        .values(
          order('UKETA-0000000007', 'Completed', 'standard', {
            processed_by: staffId,
            updated_at: '2026-05-03T11:00:00.000Z',
          }),
        )
        .execute();
      const n = async () =>
        (
          await db()
            .selectFrom('report_processed_days')
            .select(['report_day', 'n'])
            .where('n', '>', 0)
            .orderBy('report_day')
            .execute()
        ).map((r) => [r.report_day, Number(r.n)]);
      expect(await n()).toEqual([
        ['2026-05-02', 2],
        ['2026-05-03', 2],
      ]);
      await db().deleteFrom('orders').where('order_id', '=', 'UKETA-0000000007').execute();
      expect(await n()).toEqual([
        ['2026-05-02', 2],
        ['2026-05-03', 1],
      ]);
      await migrateTo(handle.db, null);
      expect((await row('UKETA-0000000001')).sla_due_at).toBe('2026-05-02T10:00:00.000Z');
    });
  });
}
