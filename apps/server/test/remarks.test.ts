import { DETAIL_CONTRACTS, DETAIL_MSG, MSG, ORDERS_CONTRACTS, ROLE } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { newOrder } from './detail-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/**
 * The app's clock stands at fixed instants, so the US Eastern stamp is known exactly: a summer evening
 * (EDT, UTC-4) that is already the next day in UTC, and a winter midnight (EST, UTC-5), where a
 * 24-hour clock would say 00 and UTC would say 05.
 */
const SUMMER = Date.parse('2024-07-05T02:15:30.000Z');
const WINTER = Date.parse('2025-01-15T05:00:05.000Z');

describeEachDialect('remarks (add-new-remark)', (dialect) => {
  let t: TestApp;
  let tara: Member;
  let nina: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY }, { clockStart: SUMMER });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    nina = await createMember(t, ROLE.NightStaff, 'Nina Night');
  });
  afterAll(() => t.close());

  const detail = async (orderId: string) =>
    (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, tara)).json().data;
  const remark = (member: Member | null, payload: Record<string, unknown>) =>
    api.raw(t, DETAIL_CONTRACTS.addRemark, { body: payload }, member?.token ?? null);

  describe('remarks', () => {
    it('saves the remark as the signed-in member, flags Y/N, US Eastern date and time, and an event', async () => {
      const id = await newOrder(t);
      const res = await remark(nina, {
        orderId: id,
        remark: '  Customer asked for a call back  ',
        remarkerName: 'Somebody Else',
        whatsapp: 'Y',
        telephone: 'N',
        statusRefund: 'Y',
        voided: '',
        chargeBack: 'Y',
      });
      expect(res.statusCode).toBe(201);
      const saved = res.json();
      expect(saved).toMatchObject({
        status: 1,
        message: DETAIL_MSG.remarkAdded,
        data: {
          order_id: id,
          remark_name: 'Nina Night',
          remark: 'Customer asked for a call back',
          whatsapp: 'Y',
          telephone: 'N',
          status_refund: 'Y',
          voided: 'N',
          chargeback: 'Y',
          report_error: 'N',
        },
      });
      // 2024-07-05 02:15:30 UTC is 10:15:30 PM the evening before in New York (EDT).
      expect(saved.data).toMatchObject({
        us_date: '07-04-2024',
        us_time: '10:15:30 PM',
        created_at: '2024-07-05T02:15:30.000Z',
      });
      const d = await detail(id);
      expect(d.remark[0]).toMatchObject({ remark_name: 'Nina Night', us_date: '07-04-2024', us_time: '10:15:30 PM' });
      expect(d.events[0]).toMatchObject({ kind: 'remark', staff_name: 'Nina Night', detail: saved.data.remark });

      // Winter: 2025-01-15 05:00:05 UTC is 12:00:05 AM the same day in New York (EST).
      t.advance(WINTER - SUMMER);
      const winter = await remark(tara, { orderId: id, remark: 'Called back at midnight' });
      expect(winter.statusCode, winter.body).toBe(201);
      expect(winter.json().data).toMatchObject({
        us_date: '01-15-2025',
        us_time: '12:00:05 AM',
        created_at: '2025-01-15T05:00:05.000Z',
      });
      const stamps = (await detail(id)).remark.map((r: { us_date: string; us_time: string }) => [r.us_date, r.us_time]);
      expect(stamps).toHaveLength(2);
      expect(stamps).toEqual(
        expect.arrayContaining([
          ['07-04-2024', '10:15:30 PM'],
          ['01-15-2025', '12:00:05 AM'],
        ]),
      );
    });

    it.each([
      [{ remark: '' }, MSG.remarkRequired],
      [{ remark: '   ' }, MSG.remarkRequired],
      [{}, MSG.remarkRequired],
      [{ remark: 'ok', whatsapp: 'maybe' }, "Must be 'Y' or 'N'."],
      [{ remark: 'ok', extra: 1 }, undefined],
    ])('refuses %j with 400', async (body, message) => {
      const id = await newOrder(t);
      const res = await remark(tara, { orderId: id, ...body });
      expect(res.statusCode).toBe(400);
      if (message) expect(res.json().message).toBe(message);
      expect((await detail(id)).remark).toEqual([]);
    });

    it('answers 401 without a token and 404 for an unknown order', async () => {
      expect((await remark(null, { orderId: 'UKETA-00000001', remark: 'x' })).statusCode).toBe(401);
      expect((await remark(tara, { orderId: 'UKETA-00000001', remark: 'x' })).statusCode).toBe(404);
    });

    it('is a note on an order another member holds: every staff type may leave one, the move stays refused', async () => {
      const id = await newOrder(t);
      await api(t, ORDERS_CONTRACTS.assign, { body: { orderId: [id] } }, tara);
      const caller = await createMember(t, ROLE.Telecaller, 'Tom Caller');
      const admin = await createMember(t, ROLE.Admin, 'Ada Admin');
      for (const member of [nina, caller, admin]) {
        const res = await remark(member, { orderId: id, remark: `Customer called; ${member.name} told them` });
        expect(res.statusCode, member.name).toBe(201);
      }
      // the same members' moves on it wait for the holder, as before (DESIGN §6)
      for (const member of [nina, caller]) {
        const move = await api(t, ORDERS_CONTRACTS.move, { body: { orderId: id, updatingStatus: 'Awaiting' } }, member);
        expect(move.statusCode, member.name).toBe(409);
        expect(move.json().message).toContain('Tara Team');
      }
      const d = await detail(id);
      expect(d.process_status).toBe('New');
      expect(d.assign_to).toBe('Tara Team');
      expect(d.remark.map((r: { remark_name: string }) => r.remark_name).sort()).toEqual([
        'Ada Admin',
        'Nina Night',
        'Tom Caller',
      ]);
    });

    it('is saved whether an assignment races it or not, each with its event', async () => {
      const ids = await Promise.all(Array.from({ length: 8 }, () => newOrder(t)));
      const results = await Promise.all(
        ids.map(async (id) => {
          const [saved] = await Promise.all([
            remark(nina, { orderId: id, remark: 'raced' }),
            api(t, ORDERS_CONTRACTS.assign, { body: { orderId: [id] } }, tara),
          ]);
          return { id, saved };
        }),
      );
      for (const { id, saved } of results) {
        expect(saved.statusCode).toBe(201);
        const row = await t.app.ctx.db
          .selectFrom('orders')
          .select(['id', 'assigned_to'])
          .where('order_id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row.assigned_to).toBe(tara.id);
        const log = await t.app.ctx.db
          .selectFrom('order_events')
          .select('kind')
          .where('order_key', '=', row.id)
          .where('kind', 'in', ['remark', 'assign'])
          .execute();
        expect(log.map((e) => e.kind).sort()).toEqual(['assign', 'remark']);
      }
    });
  });
});
