import { FOLDERS, type FolderDef, ROLE, STATUS, type TokenUser } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { trigramsOf } from '../src/lib/trigram.ts';
import type { ListWindow } from '../src/modules/orders/list.repository.ts';
import { assignAs, buildOrder, INGEST_KEY, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/**
 * A search's page and total come by two routes (list.service.ts): one pass for a rare text, page
 * and count apart for a common one. Whatever the
 * route, folder, sort or offset, both must give exactly what a plain filter of every order gives.
 */
describeEachDialect('search: one pass and two passes agree with a plain filter', (dialect) => {
  let t: TestApp;
  let member: Member;
  const SURNAMES = ['Paz', 'Pazzi', 'Lopez', 'Leoni', 'Leo', 'Napoleon'];
  const FIRST = ['Ana', 'Bo', 'Cy', 'ana'];
  const STATUSES = [STATUS.New, STATUS.New, STATUS.Completed, STATUS.Awaiting];

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    member = await createMember(t, ROLE.Team);
    const orders = Array.from({ length: 48 }, (_, i) =>
      buildOrder({
        sur_name: SURNAMES[i % SURNAMES.length],
        first_name: FIRST[i % FIRST.length],
        process_status: STATUSES[i % STATUSES.length],
        // equal dates in pairs, so ties are broken by id
        created_at: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 2))).toISOString(),
      }),
    );
    const ids = await seedOrders(t, orders);
    // some New orders held by the member: My Orders and the assignee sort have something to show
    await assignAs(
      member.token,
      t,
      ids.filter((_, i) => i % 8 === 0),
    );
  });
  afterAll(() => t.close());

  /** the database's search engine, as the app picked it (search-engine.ts) */
  const engine = () => t.app.ctx.strategies.searchEngine;
  const staffOf = (): TokenUser => ({ id: member.id, name: member.name, email: member.email, type: ROLE.Team });
  const folder = (name: string) => FOLDERS.find((f) => f.name === name) as FolderDef;

  /** every order of the folder holding the text, newest first, ties by id: the plain truth */
  async function plain(def: FolderDef, text: string): Promise<string[]> {
    const rows = await t.app.ctx.db
      .selectFrom('orders')
      .select(['id', 'order_id', 'process_status', 'assigned_to', 'created_at', 'search_text'])
      .execute();
    return rows
      .filter((r) => def.statuses === null || def.statuses.includes(r.process_status as never))
      .filter((r) => !def.mine || Number(r.assigned_to) === member.id)
      .filter((r) => r.search_text.includes(text))
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || Number(b.id) - Number(a.id))
      .map((r) => r.order_id);
  }

  const window = (search: string, extra: Partial<ListWindow>): ListWindow => ({
    sort: 'created_at',
    order: 'desc',
    offset: 0,
    limit: 5,
    search,
    grams: trigramsOf(search),
    ...extra,
  });

  it.each([
    ['allorder', 'paz'],
    ['allorder', 'leo'],
    ['newOrder', 'leo'],
    ['myOrder', 'pez'],
    ['completedorder', 'napoleon'],
    ['allorder', 'nobody-has-this'],
  ])('%s for %s: same page and total by both routes, at every offset', async (name, text) => {
    const def = folder(name);
    const truth = await plain(def, text);
    for (const offset of [0, 3, 5, truth.length]) {
      const w = window(text, { offset });
      const one = await engine().pageWithTotal(t.app.ctx.db, def, staffOf(), w);
      const twoTotal = await engine().count(t.app.ctx.db, def, staffOf(), text, w.grams);
      const expected = truth.slice(offset, offset + 5);
      expect(one.rows.map((r) => r.order_id)).toEqual(expected);
      // the page of the two-pass route, from every match or walking the folder by date
      for (const walk of [false, true]) {
        const twoRows = await engine().page(t.app.ctx.db, def, staffOf(), { ...w, walk });
        expect(twoRows.map((r) => r.order_id)).toEqual(expected);
      }
      expect(twoTotal).toBe(truth.length);
      expect(one.total).toBe(expected.length === 0 ? null : truth.length);
    }
  });

  it.each(['allorder', 'newOrder'])('%s walked by date oldest first gives the plain order', async (name) => {
    const def = folder(name);
    for (const text of ['paz', 'leo', 'a']) {
      const oldestFirst = (await plain(def, text)).reverse();
      for (const offset of [0, 4, oldestFirst.length]) {
        const w = window(text, { order: 'asc', offset, walk: true });
        const rows = await engine().page(t.app.ctx.db, def, staffOf(), w);
        expect(rows.map((r) => r.order_id)).toEqual(oldestFirst.slice(offset, offset + 5));
      }
    }
  });

  it.each([
    ['first_name', 'asc'],
    ['first_name', 'desc'],
    ['sur_name', 'asc'],
    ['assign_to', 'desc'],
    ['order_id', 'desc'],
  ] as const)('sorted by %s %s, both routes give the same rows', async (sort, order) => {
    for (const text of ['paz', 'leo', 'a']) {
      const def = folder('allorder');
      const all = await engine().page(t.app.ctx.db, def, staffOf(), window(text, { sort, order, limit: 100 }));
      expect(all.length).toBe((await plain(def, text)).length);
      const one = await engine().pageWithTotal(
        t.app.ctx.db,
        def,
        staffOf(),
        window(text, { sort, order, offset: 2, limit: 7 }),
      );
      expect(one.rows.map((r) => r.order_id)).toEqual(all.slice(2, 9).map((r) => r.order_id));
      expect(one.total).toBe(all.length);
    }
  });

  it('finds an order whose text changed, and forgets its old text', async () => {
    const [row] = await t.app.ctx.db.selectFrom('orders').select(['id', 'order_id']).limit(1).execute();
    if (!row) throw new Error('no order');
    await t.app.ctx.db
      .updateTable('orders')
      .set({ search_text: `${row.order_id.toLowerCase()}\nzebedee` })
      .where('id', '=', row.id)
      .execute();
    const def = folder('allorder');
    const found = await engine().pageWithTotal(t.app.ctx.db, def, staffOf(), window('zebedee', {}));
    expect(found.rows.map((r) => r.order_id)).toEqual([row.order_id]);
    expect(await engine().count(t.app.ctx.db, def, staffOf(), 'zebedee', trigramsOf('zebedee'))).toBe(1);
    for (const old of ['paz', 'leo']) {
      const truth = await plain(def, old);
      expect(await engine().count(t.app.ctx.db, def, staffOf(), old, trigramsOf(old))).toBe(truth.length);
    }
  });
});
