import { DETAIL_CONTRACTS, idleReleaseNote, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DomainEventMap } from '../src/lib/domain-events.ts';
import { releaseIdleClaims } from '../src/modules/claims/index.ts';
import { api } from './api-client.ts';
import { assignAs, buildOrder, bulkHelpers, INGEST_KEY, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const MINUTE_MS = 60_000;
const START = Date.UTC(2026, 2, 10, 9, 0, 0);

/** DESIGN §18 claim lease: CLAIM_IDLE_MINUTES (default 240) without a write by the holder frees the claim. */
describeEachDialect('claim lease', (dialect) => {
  let t: TestApp;
  let tara: Member;
  let admin: Member;
  let manager: Member;
  const { order, events } = bulkHelpers(() => t);
  const release = () => releaseIdleClaims(t.app.ctx);
  const minutes = (n: number) => t.advance(n * MINUTE_MS);
  const ordersIn = (status: string, n: number) =>
    seedOrders(
      t,
      Array.from({ length: n }, () => buildOrder({ process_status: status })),
    );
  const remark = (member: Member, orderId: string) =>
    api(t, DETAIL_CONTRACTS.addRemark, { body: { orderId, remark: 'Called the customer' } }, member);
  /** the lease's release of the order, as the Activity keeps it: an unassign by the system */
  const releasedBySystem = (holder: string) => ({
    kind: 'unassign',
    staff_id: null,
    staff_name: null,
    from_value: holder,
    to_value: null,
  });

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY }, { clockStart: START });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    admin = await createMember(t, ROLE.Admin, 'Alice Admin');
    manager = await createMember(t, ROLE.Manager, 'Mark Manager');
  });
  afterAll(() => t.close());

  it('defaults to 240 minutes', () => {
    expect(t.app.ctx.config.claimIdleMinutes).toBe(240);
  });

  it('returns a claim its holder has not written to for the lease, and a write by the holder renews it', async () => {
    const [idle, worked] = (await ordersIn(STATUS.New, 2)) as [string, string];
    await assignAs(tara.token, t, [idle, worked]);
    minutes(239);
    expect(await release()).toBe(0);
    expect((await remark(tara, worked)).statusCode).toBe(201);

    const changed: DomainEventMap['order.changed'][] = [];
    const off = t.app.ctx.events.subscribe('order.changed', (e) => void changed.push(e));
    minutes(2);
    expect(await release()).toBe(1);
    off();
    expect((await order(idle)).assigned_to).toBeNull();
    expect((await order(worked)).assigned_to).toBe(tara.id);
    expect((await events(idle)).at(-1)).toEqual(releasedBySystem('Tara Team'));
    const logged = await t.app.ctx.db
      .selectFrom('order_events')
      .select(['detail', 'created_at'])
      .where('order_key', '=', (await order(idle)).id)
      .where('kind', '=', 'unassign')
      .executeTakeFirstOrThrow();
    expect(logged).toEqual({
      detail: idleReleaseNote(240),
      created_at: new Date(START + 241 * MINUTE_MS).toISOString(),
    });
    // announced like any change, by the system: the live stream and mail hear of it
    expect(changed).toEqual([expect.objectContaining({ kind: 'unassign', from: 'Tara Team', to: null, actor: null })]);

    // The remark (at 239 minutes) holds the other until 240 minutes after it.
    minutes(237);
    expect(await release()).toBe(0);
    minutes(2);
    expect(await release()).toBe(1);
    expect((await order(worked)).assigned_to).toBeNull();
    expect((await events(worked)).map((e) => e.kind)).toEqual(['assign', 'remark', 'unassign']);
  });

  it('counts a takeover as the new holder’s claim, and leaves other members’ writes out of it', async () => {
    const [id] = (await ordersIn(STATUS.Priority, 1)) as [string];
    await assignAs(tara.token, t, [id]);
    minutes(200);
    await assignAs(admin.token, t, [id]);
    minutes(60);
    // 260 minutes after Tara's claim, 60 after Alice's takeover: Alice holds it
    expect(await release()).toBe(0);
    // a remark by someone else (a Manager may write to a held order) is no write by the holder
    expect((await remark(manager, id)).statusCode).toBe(201);
    minutes(181);
    expect(await release()).toBe(1);
    expect((await events(id)).at(-1)).toEqual(releasedBySystem('Alice Admin'));
  });

  it('leaves claims in other statuses, free orders and everything when CLAIM_IDLE_MINUTES is 0', async () => {
    const [waiting, claimed] = (await ordersIn(STATUS.Awaiting, 2)) as [string, string];
    const [march] = (await ordersIn(STATUS.ProcessMarch, 1)) as [string];
    await assignAs(tara.token, t, [waiting, march]);
    minutes(1000);
    const off = { ...t.app.ctx, config: { ...t.app.ctx.config, claimIdleMinutes: 0 } };
    expect(await releaseIdleClaims(off)).toBe(0);
    expect((await order(march)).assigned_to).toBe(tara.id);
    expect(await release()).toBe(1);
    expect((await order(march)).assigned_to).toBeNull();
    // Awaiting is no claim to lease (DESIGN §18): it stays with its member
    expect((await order(waiting)).assigned_to).toBe(tara.id);
    expect((await order(claimed)).assigned_to).toBeNull();
  });

  it('logs each release once when passes run side by side (two instances)', async () => {
    const ids = await ordersIn(STATUS.New, 5);
    await assignAs(tara.token, t, ids);
    minutes(241);
    const passes = await Promise.all([release(), release(), release()]);
    expect(passes.reduce((a, b) => a + b, 0)).toBe(5);
    for (const id of ids) {
      expect((await order(id)).assigned_to).toBeNull();
      expect((await events(id)).filter((e) => e.kind === 'unassign')).toHaveLength(1);
    }
  });
});

describeEachDialect('claim lease job', (dialect) => {
  it('runs by itself once the app is ready, and not at all with CLAIM_IDLE_MINUTES=0', async () => {
    const build = { claimLeaseJob: { everyMs: 20 } };
    const t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY }, { clockStart: START, build });
    const never = await buildTestApp(
      dialect,
      { INGEST_API_KEY: INGEST_KEY, CLAIM_IDLE_MINUTES: '0' },
      { clockStart: START, build },
    );
    try {
      for (const app of [t, never]) {
        const tara = await createMember(app, ROLE.Team, 'Tara Team');
        const [id] = await seedOrders(app, [buildOrder()]);
        await assignAs(tara.token, app, [id as string]);
        app.advance(241 * MINUTE_MS);
      }
      const holder = (app: TestApp) =>
        app.app.ctx.db.selectFrom('orders').select('assigned_to').executeTakeFirstOrThrow();
      await expect.poll(async () => (await holder(t)).assigned_to, { timeout: 5000 }).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await holder(never)).assigned_to).not.toBeNull();
    } finally {
      await t.close();
      await never.close();
    }
  });
});
