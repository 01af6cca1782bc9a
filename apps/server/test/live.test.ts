import { ACCOUNT_CONTRACTS, LIVE_CONTRACTS, ORDERS_CONTRACTS, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { isEvent, type LiveReader, listening, openLive } from './live-client.ts';
import { assignAs, buildOrder, INGEST_KEY, seedOrders } from './orders-fixtures.ts';
import {
  buildTestApp,
  call,
  createMember,
  describeEachDialect,
  login,
  type Member,
  TEST_PASSWORD,
  type TestApp,
} from './test-app.ts';

/** Working live (DESIGN §18): the stream's events, filtered and addressed per member, and presence. */
describeEachDialect('live stream', (dialect) => {
  let t: TestApp;
  let base: string;
  let tara: Member;
  let nina: Member;
  let admin: Member;
  let telecaller: Member;
  const open: LiveReader[] = [];
  const live = async (token: string | null) => {
    const reader = await openLive(base, token);
    open.push(reader);
    return reader;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY }, { build: { live: { heartbeatMs: 300 } } });
    base = await listening(t);
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    nina = await createMember(t, ROLE.NightStaff, 'Nina Night');
    admin = await createMember(t, ROLE.Admin, 'Ada Admin');
    telecaller = await createMember(t, ROLE.Telecaller, 'Tom Caller');
  });
  afterAll(async () => {
    for (const reader of open) reader.close();
    await t.close();
  });

  it('refuses a request without a live session', async () => {
    const res = await fetch(`${base}/api/admin/live`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status: 401 });
  });

  it('opens with ready and the member’s own counts, as an event stream no one caches', async () => {
    const [orderId] = await seedOrders(t, [buildOrder()]);
    await assignAs(tara.token, t, [orderId as string]);
    const res = await fetch(`${base}/api/admin/live`, { headers: { authorization: `Bearer ${tara.token}` } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-store');
    await res.body?.cancel();

    const taraLive = await live(tara.token);
    const adminLive = await live(admin.token);
    const callerLive = await live(telecaller.token);
    await taraLive.next(isEvent('ready'));
    const taraCounts = await taraLive.next(isEvent('counts'));
    const adminCounts = await adminLive.next(isEvent('counts'));
    const callerCounts = await callerLive.next(isEvent('counts'));
    const folderCount = await api(t, ORDERS_CONTRACTS.folderCounts, {}, tara);
    expect(taraCounts.data).toEqual(folderCount.json().data);
    expect(taraCounts.data.myOrdersCount).toBe(1);
    expect(adminCounts.data.myOrdersCount).toBe(0);
    // what each may open: Order History is not a Telecaller's folder
    expect(adminCounts.data.allOrdersCount).toBeGreaterThan(0);
    expect(callerCounts.data).not.toHaveProperty('allOrdersCount');
  });

  it('tells everyone of a claim and a move, with who did it, and sends the counts that moved', async () => {
    const [orderId] = (await seedOrders(t, [buildOrder()])) as [string];
    const ninaLive = await live(nina.token);
    const before = await ninaLive.next(isEvent('counts'));

    expect((await assignAs(tara.token, t, [orderId])).statusCode).toBe(200);
    const claimed = await ninaLive.next(isEvent('order', (d) => d.orderId === orderId && d.kind === 'assign'));
    expect(claimed.data).toEqual({
      orderId,
      status: STATUS.New,
      assignee: 'Tara Team',
      by: 'Tara Team',
      kind: 'assign',
      from: null,
    });

    const moved = await api(
      t,
      ORDERS_CONTRACTS.move,
      { body: { orderId, updatingStatus: STATUS.ContactCustomer } },
      tara,
    );
    expect(moved.statusCode).toBe(200);
    const move = await ninaLive.next(isEvent('order', (d) => d.orderId === orderId && d.kind === 'status'));
    expect(move.data).toMatchObject({ status: STATUS.ContactCustomer, from: STATUS.New, by: 'Tara Team' });
    const after = await ninaLive.seen(
      isEvent('counts', (c) => c.contactCustomerOrdersCount === (before.data.contactCustomerOrdersCount ?? 0) + 1),
    );
    expect(after.data.newOrdersCount).toBe((before.data.newOrdersCount ?? 0) - 1);
  });

  it('tells of new orders from an integration, by nobody', async () => {
    const ninaLive = await live(nina.token);
    const before = await ninaLive.next(isEvent('counts'));
    const [orderId] = (await seedOrders(t, [buildOrder({ processing_type: 'priority' })])) as [string];
    const arrived = await ninaLive.next(isEvent('order', (d) => d.orderId === orderId));
    expect(arrived.data).toMatchObject({ status: STATUS.Priority, by: null, assignee: null, kind: 'created' });
    await ninaLive.seen(isEvent('counts', (c) => c.priorityOrdersCount === (before.data.priorityOrdersCount ?? 0) + 1));
  });

  it('keeps a quiet stream open with heartbeats', async () => {
    const reader = await live(nina.token);
    await reader.next(isEvent('counts'));
    for (let waited = 0; reader.comments < 2 && waited < 5000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    expect(reader.comments).toBeGreaterThanOrEqual(2);
  });

  it('ends the stream of a session that is revoked', async () => {
    const other = await login(t, nina.email, TEST_PASSWORD);
    const reader = await live(other);
    const keeps = await live(nina.token);
    await reader.next(isEvent('ready'));
    await keeps.next(isEvent('ready'));
    expect((await api(t, ACCOUNT_CONTRACTS.logout, {}, other)).statusCode).toBe(200);
    await reader.ended;
    // the member's other session goes on
    const [orderId] = (await seedOrders(t, [buildOrder()])) as [string];
    await keeps.next(isEvent('order', (d) => d.orderId === orderId));
  });

  it('presence: who has the order open, as it changes', async () => {
    const [orderId] = (await seedOrders(t, [buildOrder()])) as [string];
    const ninaLive = await live(nina.token);
    await ninaLive.next(isEvent('ready'));
    const presence = (who: Member, body?: { viewing?: boolean }) =>
      api(t, LIVE_CONTRACTS.presence, { params: { orderId }, body }, who);

    const first = await presence(tara);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ viewers: ['Tara Team'] });
    await ninaLive.next(isEvent('presence', (p) => p.orderId === orderId && p.viewers.join() === 'Tara Team'));

    const second = await presence(nina, {});
    expect(second.json().data).toEqual({ viewers: ['Nina Night', 'Tara Team'] });
    await ninaLive.next(isEvent('presence', (p) => p.viewers.join() === 'Nina Night,Tara Team'));

    // a heartbeat that changes nothing is not announced; leaving is
    expect((await presence(tara)).json().data.viewers).toHaveLength(2);
    const left = await presence(tara, { viewing: false });
    expect(left.json().data).toEqual({ viewers: ['Nina Night'] });
    const next = await ninaLive.next(isEvent('presence', (p) => p.orderId === orderId));
    expect(next.data.viewers).toEqual(['Nina Night']);

    // a viewer unheard for the time to live is gone
    await presence(tara);
    t.advance(61_000);
    expect((await presence(nina)).json().data).toEqual({ viewers: ['Nina Night'] });
  });

  it('presence: bad input and strangers', async () => {
    const [orderId] = (await seedOrders(t, [buildOrder()])) as [string];
    expect((await api(t, LIVE_CONTRACTS.presence, { params: { orderId } })).statusCode).toBe(401);
    const unknown = await api(t, LIVE_CONTRACTS.presence, { params: { orderId: 'UKETA-99999999' } }, tara);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Order not found.');
    const bad = await call(t, 'POST', `/api/admin/orders/${orderId}/presence`, tara.token, { viewing: 'yes' });
    expect(bad.statusCode).toBe(400);
    const telecallerBeat = await api(t, LIVE_CONTRACTS.presence, { params: { orderId } }, telecaller);
    expect(telecallerBeat.statusCode).toBe(200);
  });
});
