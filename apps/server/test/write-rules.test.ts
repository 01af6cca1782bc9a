import {
  CLAIMABLE_STATUSES,
  type HoldWrite,
  holdBlocks,
  moveRefusal,
  NEXT_ORDER_FOLDERS,
  ORDER_STATUSES,
  type OrderStatus,
  ROLE,
  ROLES,
  type Role,
  STATUS,
} from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remarkableFrom, type WritableFrom } from '../src/modules/order-changes/hold-rule.pg.ts';
import { movableFrom } from '../src/modules/orders/move-in-one-statement.pg.ts';
import { buildOrder, INGEST_KEY, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/**
 * PostgreSQL's one-statement writes (move-in-one-statement.pg.ts) decide in SQL from two sets of statuses;
 * the transaction they stand in for decides with the shared rules. For every member type, status
 * and holder the two must agree, so a change to transitions.ts or hold.ts cannot leave them apart.
 */
const HOLDERS = ['nobody', 'me', 'another'] as const;

/** what the statement's condition allows: `free` whatever the hold, `guarded` unless another holds it */
function statementAllows(sets: WritableFrom, status: string, holder: (typeof HOLDERS)[number]): boolean {
  return sets.free.includes(status) || (sets.guarded.includes(status) && holder !== 'another');
}

function holdAllows(role: Role, status: string, holder: (typeof HOLDERS)[number], write: HoldWrite = 'work'): boolean {
  const order = { process_status: status, held: holder !== 'nobody', heldByMe: holder === 'me' };
  return !holdBlocks(role, order, write);
}

describe('one-statement writes agree with the shared rules', () => {
  it.each(ROLES)('moves from the order detail, for %s', (role) => {
    for (const to of ORDER_STATUSES) {
      const sets = movableFrom(role, to);
      for (const from of ORDER_STATUSES) {
        for (const holder of HOLDERS) {
          const rules = moveRefusal(from, to, role) === null && holdAllows(role, from, holder);
          expect(statementAllows(sets, from, holder), `${from} → ${to}, held by ${holder}`).toBe(rules);
        }
      }
    }
  });

  it.each(ROLES)('remarks, for %s', (role) => {
    const sets = remarkableFrom(role);
    for (const status of ORDER_STATUSES) {
      for (const holder of HOLDERS) {
        expect(statementAllows(sets, status, holder), `${status}, held by ${holder}`).toBe(
          holdAllows(role, status, holder, 'note'),
        );
      }
    }
  });
});

/*
 * The same rules through the real statements: every case above run through the write strategies the
 * app picked (ctx.strategies: PostgreSQL's one statements, SQLite's transactions) on a real database,
 * SQLite always and PostgreSQL when TEST_DATABASE_URL is set. The sets above can agree with the rules
 * while the SQL that uses them does not (a `=` for a `<>` in hold-rule.pg.ts); these cannot. The SQL
 * text itself is compared with test/sql/ by sql-snapshots.test.ts, which runs without PostgreSQL.
 */
type Holder = (typeof HOLDERS)[number];
/** what the rules say a write gets: done, or refused with the HTTP code (and the holder named) */
type Outcome = 'written' | `refused ${number}` | `held by ${string}`;

function expectedMove(role: Role, from: OrderStatus, to: OrderStatus, holder: Holder, holderName: string): Outcome {
  if (!holdAllows(role, from, holder)) return `held by ${holderName}`;
  const refusal = moveRefusal(from, to, role);
  if (refusal === null) return 'written';
  if (refusal === 'forbidden') return 'refused 403';
  return refusal === 'noMove' || refusal === 'refundCall' ? 'refused 400' : 'refused 409';
}

function outcomeOf(result: PromiseSettledResult<unknown>): Outcome {
  if (result.status === 'fulfilled') return 'written';
  const error = result.reason as { httpStatus?: number; data?: { assign_to?: string } };
  if (error.httpStatus === 409 && error.data?.assign_to) return `held by ${error.data.assign_to}`;
  if (error.httpStatus === undefined) throw result.reason;
  return `refused ${error.httpStatus}`;
}

/** runs `work` over `items`, `width` at a time (a few connections; SQLite groups their commits) */
async function settled<T>(items: readonly T[], work: (item: T, index: number) => Promise<unknown>, width = 16) {
  const results: PromiseSettledResult<unknown>[] = [];
  for (let i = 0; i < items.length; i += width) {
    const slice = items.slice(i, i + width).map((item, j) => work(item, i + j));
    results.push(...(await Promise.allSettled(slice)));
  }
  return results;
}

const AT = '2026-03-02T10:00:00.000Z';

describeEachDialect('the shared write rules, through the real write strategies', (dialect) => {
  let t: TestApp;
  let hal: Member;
  const members = new Map<Role, Member>();

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    hal = await createMember(t, ROLE.Team, 'Hal Holder');
    for (const role of ROLES) members.set(role, await createMember(t, role, `${role} Writer`));
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const memberOf = (role: Role) => members.get(role) as Member;
  /** a held order in a status the hold rule guards matters with each holder; any other with the strictest */
  const holdersFor = (status: OrderStatus): readonly Holder[] =>
    CLAIMABLE_STATUSES.includes(status) ? HOLDERS : ['another'];
  /** one order per case, in its status, held as the case says */
  async function ordersFor<C extends { from: OrderStatus; holder: Holder; role: Role }>(cases: C[]) {
    const ids = await seedOrders(
      t,
      cases.map((c) => buildOrder({ process_status: c.from })),
    );
    await settled(cases, (c, i) => {
      const holder = c.holder === 'nobody' ? null : c.holder === 'me' ? memberOf(c.role).id : hal.id;
      return db()
        .updateTable('orders')
        .set({ assigned_to: holder })
        .where('order_id', '=', ids[i] as string)
        .execute();
    });
    return ids;
  }
  const statuses = async (ids: string[]) => {
    const rows = await db().selectFrom('orders').select(['order_id', 'process_status']).execute();
    const byId = new Map(rows.map((r) => [r.order_id, r.process_status]));
    return ids.map((id) => byId.get(id));
  };

  it.each(ROLES)('moves from the order detail, for %s', async (role) => {
    const cases = ORDER_STATUSES.flatMap((from) =>
      holdersFor(from).flatMap((holder) => ORDER_STATUSES.map((to) => ({ role, from, to, holder }))),
    );
    const ids = await ordersFor(cases);
    const member = memberOf(role);
    const results = await settled(cases, (c, i) =>
      t.app.ctx.strategies.orderWrites.moveOne(member, ids[i] as string, c.to, AT),
    );
    const name = (c: (typeof cases)[number]) => `${c.from} → ${c.to}, held by ${c.holder}`;
    const actual = Object.fromEntries(
      cases.map((c, i) => [name(c), outcomeOf(results[i] as PromiseSettledResult<unknown>)]),
    );
    const expected = Object.fromEntries(
      cases.map((c) => [name(c), expectedMove(role, c.from, c.to, c.holder, hal.name)]),
    );
    expect(actual).toEqual(expected);
    expect(await statuses(ids)).toEqual(cases.map((c) => (expected[name(c)] === 'written' ? c.to : c.from)));
  });

  it.each(ROLES)('remarks, for %s', async (role) => {
    const cases = ORDER_STATUSES.flatMap((from) => HOLDERS.map((holder) => ({ role, from, holder })));
    const ids = await ordersFor(cases);
    const member = memberOf(role);
    const remark = (text: string) => ({
      staff_id: member.id,
      remark_name: member.name,
      remark: text,
      whatsapp: 'No',
      telephone: 'No',
      status_refund: 'No',
      voided: 'No',
      chargeback: 'No',
      report_error: 'No',
      us_date: '03/02/2026',
      us_time: '05:00 AM',
      created_at: AT,
    });
    const results = await settled(cases, (_c, i) =>
      t.app.ctx.strategies.remarkWrites.add(member, ids[i] as string, remark('noted'), 'noted'),
    );
    const name = (c: (typeof cases)[number]) => `${c.from}, held by ${c.holder}`;
    const actual = Object.fromEntries(
      cases.map((c, i) => [name(c), outcomeOf(results[i] as PromiseSettledResult<unknown>)]),
    );
    const expected = Object.fromEntries(
      cases.map((c) => [name(c), holdAllows(role, c.from, c.holder, 'note') ? 'written' : `held by ${hal.name}`]),
    );
    expect(actual).toEqual(expected);
  });

  it('assigns and unassigns a held order only as the flags allow (the service decides them by capability)', async () => {
    const me = memberOf(ROLE.Team);
    const cases = HOLDERS.flatMap((holder) =>
      [false, true].map((flag) => ({ role: me.type, from: STATUS.New, holder, flag })),
    );
    const assigned = await ordersFor(cases);
    const freed = await ordersFor(cases);
    const writes = t.app.ctx.strategies.orderWrites;
    const took = await settled(cases, (c, i) => writes.assign(me, [assigned[i] as string], c.flag, AT));
    const left = await settled(cases, (c, i) => writes.unassign(me, [freed[i] as string], c.flag, AT));
    const changed = (r: PromiseSettledResult<unknown>) =>
      r.status === 'fulfilled' && (r.value as { changed: number[] }).changed.length === 1;
    const name = (c: (typeof cases)[number]) => `held by ${c.holder}, flag ${c.flag}`;
    expect(Object.fromEntries(cases.map((c, i) => [name(c), [changed(took[i]!), changed(left[i]!)]]))).toEqual(
      Object.fromEntries(
        cases.map((c) => [
          name(c),
          [
            c.holder === 'nobody' || (c.flag && c.holder === 'another'),
            c.holder === 'me' || (c.flag && c.holder === 'another'),
          ],
        ]),
      ),
    );
  });

  it.each(NEXT_ORDER_FOLDERS.map((next) => next.status))(
    'Next order takes the oldest free order of %s, passing over held ones and other statuses',
    async (status) => {
      const other = STATUS.Completed; // never a Next order status: left free, it misleads no later case
      const [held, elsewhere, oldest, newer] = (await seedOrders(t, [
        buildOrder({ process_status: status, created_at: '2001-01-01T00:00:00.000Z' }),
        buildOrder({ process_status: other, created_at: '2001-01-02T00:00:00.000Z' }),
        buildOrder({ process_status: status, created_at: '2001-01-03T00:00:00.000Z' }),
        buildOrder({ process_status: status, created_at: '2001-01-04T00:00:00.000Z' }),
      ])) as [string, string, string, string];
      await db().updateTable('orders').set({ assigned_to: hal.id }).where('order_id', '=', held).execute();
      const me = memberOf(ROLE.Team);
      const claims = t.app.ctx.strategies.claimWrites;
      expect((await claims.nextOrder(me, { statuses: [status], soonestDue: false }, AT))?.order_id).toBe(oldest);
      expect((await claims.nextOrder(me, { statuses: [status], soonestDue: false }, AT))?.order_id).toBe(newer);
      const rows = await db()
        .selectFrom('orders')
        .select(['order_id', 'assigned_to'])
        .where('order_id', 'in', [held, elsewhere, oldest, newer])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.assigned_to)).toEqual([hal.id, null, me.id, me.id]);
    },
  );
});
