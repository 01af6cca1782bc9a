import { ORDERS_CONTRACTS, type OrderListItem, ROLE, type SearchOrderInput, STATUS, type TokenUser } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListService } from '../src/modules/orders/list.service.ts';
import { api } from './api-client.ts';
import { assignAs, buildOrder, INGEST_KEY, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, DIALECTS, type Member, type TestApp } from './test-app.ts';

/**
 * SQLite's queue searches run on a thread of their own (search-threads.ts). They must answer exactly
 * as the same search in the request's own thread, see every write made before them, carry the
 * service's errors, and survive the thread dying.
 */
describe('search threads [sqlite]', () => {
  let t: TestApp;
  let team: Member;
  let orderIds: string[];

  beforeAll(async () => {
    t = await buildTestApp('sqlite', { INGEST_API_KEY: INGEST_KEY });
    team = await createMember(t, ROLE.Team);
    const orders = [];
    for (let i = 0; i < 30; i += 1) {
      orders.push(
        buildOrder({
          sur_name: i % 3 === 0 ? 'Threadgill' : `Other${i}`,
          contact_email_address: `person${i}@thread.example`,
          process_status: i % 5 === 0 ? STATUS.Completed : STATUS.New,
          created_at: new Date(Date.UTC(2026, 2, 1, 0, i)).toISOString(),
        }),
      );
    }
    orderIds = await seedOrders(t, orders);
  });
  afterAll(() => t.close());

  const search = (body: Record<string, unknown>, token = team.token) =>
    api.raw(t, ORDERS_CONTRACTS.search, { body: { start: 0, end: 10, folderName: 'allorder', ...body } }, token);

  it('starts a thread on the first search, and none in PostgreSQL or with SEARCH_THREADS=0', async () => {
    const threads = t.app.ctx.strategies.searchThreads;
    expect(threads).not.toBeNull();
    const res = await search({ searchVal: 'threadgill' });
    expect(res.statusCode).toBe(200);
    expect(threads?.running()).toHaveLength(1);

    const inline = await buildTestApp('sqlite', { SEARCH_THREADS: '0' });
    try {
      expect(inline.app.ctx.strategies.searchThreads).toBeNull();
    } finally {
      await inline.close();
    }
    if (DIALECTS.includes('postgres')) {
      const pg = await buildTestApp('postgres');
      try {
        expect(pg.app.ctx.strategies.searchThreads).toBeNull();
      } finally {
        await pg.close();
      }
    }
  });

  it('answers exactly as the same search in the request thread, for every kind of window', async () => {
    const inline = createListService({ ...t.app.ctx, strategies: { ...t.app.ctx.strategies, searchThreads: null } });
    const staff: TokenUser = { id: team.id, name: team.name, type: team.type, email: team.email };
    const cases = [
      { searchVal: 'threadgill' },
      { searchVal: 'threadgill', start: 5, end: 15 },
      { searchVal: 'thread.example', sort: 'sur_name', order: 'asc' },
      { searchVal: 'th' },
      { searchVal: orderIds[7] as string, folderName: 'newOrder' },
      { searchVal: 'nobody-has-this' },
      { searchVal: '' },
    ];
    for (const body of cases) {
      const input = { start: 0, end: 10, folderName: 'allorder', ...body };
      const res = await search(input);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      const direct = await inline.search(staff, input as SearchOrderInput);
      expect(res.json().data, JSON.stringify(body)).toEqual(direct.items);
      expect(res.json().total, JSON.stringify(body)).toBe(direct.total);
    }
    const threadgills = await search({ searchVal: 'threadgill', end: 100 });
    expect(threadgills.json().total).toBe(10);
  });

  it('sees a write made just before it', async () => {
    const target = orderIds[1] as string;
    const before = await search({ searchVal: target, folderName: 'myOrder' });
    expect(before.json().total).toBe(0);
    expect((await assignAs(team.token, t, [target])).statusCode).toBe(200);
    const after = await search({ searchVal: target, folderName: 'myOrder' });
    expect((after.json().data as OrderListItem[]).map((o) => o.order_id)).toEqual([target]);
    expect(after.json().data[0]!.assigned_to_me).toBe(true);
  });

  // checked in the request's thread before the search is sent (db-threads.test.ts covers errors that cross)
  it('keeps the service errors: an unknown folder, a folder the member may not open', async () => {
    expect((await search({ searchVal: 'x', folderName: 'nope' })).statusCode).toBe(404);
    const telecaller = await createMember(t, ROLE.Telecaller);
    expect((await search({ searchVal: 'x' }, telecaller.token)).statusCode).toBe(403);
  });

  it('starts a new thread when one dies; a search sent to the dead one fails instead of hanging', async () => {
    const threads = t.app.ctx.strategies.searchThreads;
    if (!threads) throw new Error('no search threads');
    const [worker] = threads.running();
    expect(worker).toBeDefined();
    const staff: TokenUser = { id: team.id, name: team.name, type: team.type, email: team.email };
    // posted to the running thread before it is stopped: answered in time, or failed, never left waiting
    const waiting = threads
      .call(
        'search',
        staff,
        { start: 0, end: 10, folderName: 'allorder', searchVal: 'threadgill' } as SearchOrderInput,
        new Date().toISOString(),
      )
      .then(
        () => 'answered',
        (error: Error) => error.message,
      );
    await worker?.terminate();
    expect(await waiting).toMatch(/answered|stopped/);
    expect(threads.running()).toHaveLength(0);
    const again = await search({ searchVal: 'threadgill', end: 100 });
    expect(again.statusCode).toBe(200);
    expect(again.json().total).toBe(10);
    expect(threads.running()).toHaveLength(1);
    expect(threads.running()[0]).not.toBe(worker);
  });
});
