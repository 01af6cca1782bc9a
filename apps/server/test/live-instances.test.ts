import { ACCOUNT_CONTRACTS, LIVE_CONTRACTS, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { isEvent, type LiveReader, listening, openLive } from './live-client.ts';
import { assignAs, buildOrder, INGEST_KEY, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, DIALECTS, login, type Member, TEST_PASSWORD, type TestApp } from './test-app.ts';

/**
 * Two instances on one PostgreSQL database (DESIGN §18): what happens on A reaches a stream held
 * by B through LISTEN/NOTIFY. (SQLite's processes are one machine's: cluster.test.ts.)
 */
describe.runIf(DIALECTS.includes('postgres'))('live stream across instances [postgres]', () => {
  let a: TestApp;
  let b: TestApp;
  let baseB: string;
  let tara: Member;
  let nina: Member;
  const open: LiveReader[] = [];
  const liveOnB = async (token: string) => {
    const reader = await openLive(baseB, token);
    open.push(reader);
    await reader.next(isEvent('ready'));
    return reader;
  };

  beforeAll(async () => {
    a = await buildTestApp('postgres', { INGEST_API_KEY: INGEST_KEY });
    b = await buildTestApp('postgres', { INGEST_API_KEY: INGEST_KEY }, { reuse: a.storage });
    baseB = await listening(b);
    tara = await createMember(a, ROLE.Team, 'Tara Team');
    nina = await createMember(a, ROLE.NightStaff, 'Nina Night');
  });
  afterAll(async () => {
    for (const reader of open) reader.close();
    await b.close({ keepStorage: true });
    await a.close();
  });

  it('a claim and a new order made on A reach a stream on B, with the counts', async () => {
    const ninaOnB = await liveOnB(nina.token);
    const before = await ninaOnB.next(isEvent('counts'));
    const [orderId] = (await seedOrders(a, [buildOrder()])) as [string];
    await ninaOnB.next(isEvent('order', (d) => d.orderId === orderId && d.kind === 'created'));
    await ninaOnB.seen(isEvent('counts', (c) => c.newOrdersCount === (before.data.newOrdersCount ?? 0) + 1));
    expect((await assignAs(tara.token, a, [orderId])).statusCode).toBe(200);
    const claimed = await ninaOnB.next(isEvent('order', (d) => d.orderId === orderId && d.kind === 'assign'));
    expect(claimed.data).toMatchObject({ status: STATUS.New, assignee: 'Tara Team', by: 'Tara Team' });
  });

  it('presence given on A shows on B', async () => {
    const [orderId] = (await seedOrders(a, [buildOrder()])) as [string];
    const ninaOnB = await liveOnB(nina.token);
    await api(a, LIVE_CONTRACTS.presence, { params: { orderId } }, tara);
    const seen = await ninaOnB.next(isEvent('presence', (p) => p.orderId === orderId));
    expect(seen.data.viewers).toEqual(['Tara Team']);
    // and B's own heartbeat sees A's viewer in the shared table
    const both = await api(b, LIVE_CONTRACTS.presence, { params: { orderId } }, nina);
    expect(both.json().data.viewers).toEqual(['Nina Night', 'Tara Team']);
  });

  it('a session revoked on A ends its stream on B', async () => {
    const other = await login(a, nina.email, TEST_PASSWORD);
    const reader = await liveOnB(other);
    expect((await api(a, ACCOUNT_CONTRACTS.logout, {}, other)).statusCode).toBe(200);
    await reader.ended;
  });
});
