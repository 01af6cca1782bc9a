import {
  encodeId,
  QUEUE_FILTER_MSG,
  ROLE,
  SAVED_VIEW_MSG,
  SAVED_VIEWS_PER_MEMBER,
  STATUS,
  VIEWS_CONTRACTS,
} from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ApiRefusal, api } from './api-client.ts';
import { buildOrder, INGEST_KEY, nextOrderId, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** DESIGN §23: saved views, personal and shared, each with its count. */
describeEachDialect('saved views', (dialect) => {
  let t: TestApp;
  let admin: Member;
  let manager: Member;
  let tara: Member;
  let bob: Member;
  const views = (m: Member | null) => api(t, VIEWS_CONTRACTS.list, {}, m?.token ?? null);
  const create = (m: Member | null, body: unknown) => api.raw(t, VIEWS_CONTRACTS.create, { body }, m?.token ?? null);
  const update = (m: Member | null, id: number | string, body: unknown) =>
    api.raw(t, VIEWS_CONTRACTS.update, { params: { id }, body }, m?.token ?? null);
  const remove = (m: Member | null, id: number | string) =>
    api(t, VIEWS_CONTRACTS.remove, { params: { id } }, m?.token ?? null);

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    admin = await createMember(t, ROLE.Admin, 'Ada Admin');
    manager = await createMember(t, ROLE.Manager, 'Max Manager');
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    bob = await createMember(t, ROLE.Telecaller, 'Bob Caller');
    await seedOrders(t, [
      ...Array.from({ length: 3 }, () => buildOrder({ order_id: nextOrderId('UKTA-') })),
      ...Array.from({ length: 2 }, () => buildOrder()),
      buildOrder({ process_status: STATUS.Completed, order_id: nextOrderId('UKTA-') }),
    ]);
  });
  afterAll(() => t.close());

  it('saves a personal view, seen with its count by its owner only', async () => {
    const res = await create(tara, {
      name: '  Secondary new  ',
      folder: 'NEWORDER',
      filters: { domain: 'secondary', assignee: 'none' },
      sort: { column: 'created_at', order: 'asc' },
    });
    expect(res.statusCode).toBe(201);
    const view = res.json().data;
    expect(view).toEqual({
      id: expect.any(Number),
      name: 'Secondary new',
      folder: 'newOrder',
      filters: { domain: 'secondary', assignee: 'none' },
      sort: { column: 'created_at', order: 'asc' },
      shared: false,
      owner: 'Tara Team',
      editable: true,
      count: 3,
    });
    expect((await views(tara)).json().data).toEqual([view]);
    expect((await views(bob)).json().data).toEqual([]);
    // another's personal view is not said to exist
    expect((await update(bob, view.id, { name: 'x', folder: 'newOrder' })).statusCode).toBe(404);
    expect((await remove(bob, view.id)).statusCode).toBe(404);
    // a view without filters counts its folder
    const plain = (await create(tara, { name: 'All new', folder: 'newOrder' })).json().data;
    expect(plain).toMatchObject({ filters: {}, sort: null, count: 5 });
    expect((await remove(tara, plain.id)).json()).toEqual({ status: 1, message: SAVED_VIEW_MSG.deleted });
  });

  it('shares views made by Admin and Manager only, seen by all who may open the folder', async () => {
    for (const m of [tara, bob]) {
      const refused = await create(m, { name: 'Mine for all', folder: 'newOrder', shared: true });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(SAVED_VIEW_MSG.shareNotAllowed);
    }
    const byManager = (await create(manager, { name: 'Team new', folder: 'newOrder', shared: true })).json().data;
    const history = (
      await create(admin, {
        name: 'History secondary',
        folder: 'allorder',
        filters: { domain: 'secondary' },
        shared: true,
      })
    ).json().data;
    expect(history.count).toBe(4);
    const seenByTara = (await views(tara)).json().data.map((v: { name: string }) => v.name);
    expect(seenByTara).toEqual(expect.arrayContaining(['Team new', 'History secondary']));
    // Telecaller cannot open Order History: its shared view is left out
    const seenByBob = (await views(bob)).json().data;
    expect(seenByBob.map((v: { name: string }) => v.name)).toEqual(['Team new']);
    expect(seenByBob[0]).toMatchObject({ shared: true, owner: 'Max Manager', editable: false, count: 5 });
    // a shared view is changed by whoever may share, never by others
    expect((await update(tara, byManager.id, { name: 'Hijack', folder: 'newOrder' })).statusCode).toBe(403);
    expect((await remove(bob, byManager.id)).statusCode).toBe(403);
    const renamed = await update(admin, byManager.id, {
      name: 'New, free',
      folder: 'newOrder',
      filters: { assignee: 'none' },
      shared: true,
    });
    expect(renamed.json().data).toMatchObject({ name: 'New, free', owner: 'Max Manager', count: 5, editable: true });
    expect((await remove(admin, history.id)).statusCode).toBe(200);
    // a member may not save a view of a folder they may not open
    expect((await create(bob, { name: 'History', folder: 'allorder' })).statusCode).toBe(403);
  });

  it('refuses bad input with the field named', async () => {
    const cases: [unknown, string, string][] = [
      [{ name: '', folder: 'newOrder' }, 'name', SAVED_VIEW_MSG.name],
      [{ name: 'x'.repeat(81), folder: 'newOrder' }, 'name', SAVED_VIEW_MSG.nameTooLong],
      [{ name: 'x', folder: 'nowhere' }, 'folder', QUEUE_FILTER_MSG.folder],
      [{ name: 'x', folder: 'newOrder', filters: { sla: 'late' } }, 'filters.sla', QUEUE_FILTER_MSG.sla],
      [{ name: 'x', folder: 'newOrder', filters: { assignee: 'bob' } }, 'filters.assignee', QUEUE_FILTER_MSG.assignee],
      [
        { name: 'x', folder: 'newOrder', sort: { column: 'password', order: 'asc' } },
        'sort.column',
        expect.any(String),
      ],
      [{ name: 'x', folder: 'newOrder', shared: 'yes' }, 'shared', 'shared must be true or false.'],
    ] as never;
    for (const [body, field, message] of cases) {
      const res = await create(tara, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<ApiRefusal>().data.errors[field], JSON.stringify(res.json())).toEqual(message);
    }
    expect((await create(tara, { name: 'x', folder: 'newOrder', extra: 1 })).statusCode).toBe(400);
    expect((await update(tara, 'abc', { name: 'x', folder: 'newOrder' })).json<ApiRefusal>().data.errors.id).toBe(
      SAVED_VIEW_MSG.id,
    );
    expect((await remove(tara, 0)).statusCode).toBe(400);
    expect((await update(tara, 999_999, { name: 'x', folder: 'newOrder' })).statusCode).toBe(404);
  });

  it('answers 401 without a token on every route', async () => {
    expect((await views(null)).statusCode).toBe(401);
    expect((await create(null, { name: 'x', folder: 'newOrder' })).statusCode).toBe(401);
    expect((await update(null, 1, { name: 'x', folder: 'newOrder' })).statusCode).toBe(401);
    expect((await remove(null, 1)).statusCode).toBe(401);
  });

  it(`keeps at most ${SAVED_VIEWS_PER_MEMBER} personal views a member`, async () => {
    const have = (await views(bob)).json().data.filter((v: { shared: boolean }) => !v.shared).length;
    for (let i = have; i < SAVED_VIEWS_PER_MEMBER; i += 1)
      expect(
        (await create(bob, { name: `v${i}`, folder: 'newOrder', filters: { assignee: encodeId(bob.id) } })).statusCode,
      ).toBe(201);
    const over = await create(bob, { name: 'one more', folder: 'newOrder' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(SAVED_VIEW_MSG.tooMany);
  });
});
