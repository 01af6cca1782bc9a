import {
  ACCOUNT_MSG,
  DETAIL_CONTRACTS,
  encodeId,
  NOTIFICATION_MSG,
  NOTIFICATIONS_CONTRACTS,
  type NotificationRecord,
  ORDERS_CONTRACTS,
  PRIVACY_CONTRACTS,
  ROLE,
} from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_REPLIED_TEXT, notifyNow } from '../src/modules/notifications/index.ts';
import { type ApiRefusal, api } from './api-client.ts';
import { newOrder } from './detail-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import {
  buildTestApp,
  call,
  createMember,
  describeEachDialect,
  type Member,
  reauth,
  TEST_PASSWORD,
  type TestApp,
} from './test-app.ts';

/** DESIGN §23: mentions in remarks notify the member named, and each member reads only their own. */
describeEachDialect('mentions and notifications', (dialect) => {
  let t: TestApp;
  let tara: Member;
  let nina: Member;
  let tom: Member;
  let admin: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    nina = await createMember(t, ROLE.NightStaff, 'Nina Night');
    tom = await createMember(t, ROLE.Telecaller, 'Tom Caller');
    admin = await createMember(t, ROLE.Admin, 'Ada Admin');
  });
  afterAll(() => t.close());

  const remark = (member: Member, orderId: string, text: string) =>
    api(t, DETAIL_CONTRACTS.addRemark, { body: { orderId, remark: text } }, member);
  const list = (member: Member | null, query = '') =>
    call(t, 'GET', `/api/admin/notifications${query}`, member?.token ?? null);
  const mine = async (member: Member): Promise<{ data: NotificationRecord[]; total: number; unread: number }> => {
    const res = await list(member, '?limit=100');
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const read = (member: Member | null, body: unknown) =>
    api.raw(t, NOTIFICATIONS_CONTRACTS.read, { body }, member?.token ?? null);
  const heldBy = async (holder: Member) => {
    const id = await newOrder(t);
    await api(t, ORDERS_CONTRACTS.assign, { body: { orderId: [id] } }, holder);
    return id;
  };

  it('a telecaller’s note on an order Tara holds, mentioning her, notifies Tara alone', async () => {
    const before = { nina: (await mine(nina)).total, tom: (await mine(tom)).total, admin: (await mine(admin)).total };
    const id = await heldBy(tara);
    const text = '@Tara Team the customer called about the passport photo';
    expect((await remark(tom, id, text)).statusCode).toBe(201);

    const taras = await mine(tara);
    expect(taras.unread).toBe(1);
    expect(taras.data).toEqual([
      {
        id: expect.any(Number),
        kind: 'mention',
        order_id: id,
        text,
        by: 'Tom Caller',
        created_at: expect.any(String),
        read_at: null,
      },
    ]);
    expect((await mine(nina)).total).toBe(before.nina);
    expect((await mine(tom)).total).toBe(before.tom);
    expect((await mine(admin)).total).toBe(before.admin);
  });

  it('names by a unique first word, never the author, an email address or an ambiguous word', async () => {
    await createMember(t, ROLE.Team, 'Nigel North');
    const id = await heldBy(tara);
    const count = async (member: Member) => (await mine(member)).total;
    const [ninaBefore, tomBefore, taraBefore] = [await count(nina), await count(tom), await count(tara)];
    // "@Nina" starts one name only; "@Ni" starts Nina's and Nigel's; Tom names himself; an address is no mention
    expect(
      (await remark(tom, id, '@Nina please look; @Ni anyone; @Tom Caller; mail tara@example.test')).statusCode,
    ).toBe(201);
    expect(await count(nina)).toBe(ninaBefore + 1);
    expect(await count(tom)).toBe(tomBefore);
    expect(await count(tara)).toBe(taraBefore);
    // a remark without a mention notifies nobody
    expect((await remark(tom, id, 'No answer, will try again')).statusCode).toBe(201);
    expect(await count(nina)).toBe(ninaBefore + 1);
  });

  it('lists newest first, a page at a time, with the total and the unread count', async () => {
    const member = await createMember(t, ROLE.Team, 'Paula Pages');
    const ids = [await newOrder(t), await newOrder(t), await newOrder(t)];
    for (const id of ids) expect((await remark(admin, id, `@Paula Pages see ${id}`)).statusCode).toBe(201);
    const first = (await list(member, '?limit=2')).json();
    expect(first).toMatchObject({ status: 1, message: NOTIFICATION_MSG.list, total: 3, unread: 3 });
    expect(first.data.map((n: NotificationRecord) => n.order_id)).toEqual([ids[2], ids[1]]);
    const second = (await list(member, '?limit=2&page=2')).json();
    expect(second.data.map((n: NotificationRecord) => n.order_id)).toEqual([ids[0]]);
    expect((await list(member, '?limit=2&page=3')).json().data).toEqual([]);
  });

  it('marks read only the caller’s own, and says which it marked', async () => {
    const id = await heldBy(nina);
    await remark(admin, id, '@Tara Team and @Nina Night: both of you');
    const [taraNote] = (await mine(tara)).data;
    const [ninaNote] = (await mine(nina)).data;
    const taraUnread = (await mine(tara)).unread;
    if (!taraNote || !ninaNote) throw new Error('no notifications');

    // Nina cannot mark Tara's: nothing changes, and she is not told whose it was
    const foreign = await read(nina, { ids: [taraNote.id] });
    expect(foreign.json()).toEqual({
      status: 1,
      message: NOTIFICATION_MSG.read,
      data: { ids: [], unread: expect.any(Number) },
    });
    expect((await mine(tara)).unread).toBe(taraUnread);

    const own = await read(tara, { ids: [taraNote.id, taraNote.id, ninaNote.id] });
    expect(own.json().data).toEqual({ ids: [taraNote.id], unread: taraUnread - 1 });
    const after = (await mine(tara)).data.find((n) => n.id === taraNote.id);
    expect(after?.read_at).toEqual(expect.any(String));
    expect((await mine(nina)).data.find((n) => n.id === ninaNote.id)?.read_at).toBeNull();
    // already read: marked by nobody again
    expect((await read(tara, { ids: [taraNote.id] })).json().data.ids).toEqual([]);
  });

  it('refuses a missing or expired session (401) and a member held to enrolment (403)', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await read(null, { ids: [1] })).statusCode).toBe(401);
    expect((await api(t, NOTIFICATIONS_CONTRACTS.mentionable, {})).statusCode).toBe(401);
    const strict = await buildTestApp(dialect, { REQUIRE_2FA: 'Admin' });
    try {
      const unenrolled = await createMember(strict, ROLE.Admin);
      const login = await strict.app.inject({
        method: 'POST',
        url: '/api/admin/admin-login',
        payload: { email: unenrolled.email, password: TEST_PASSWORD },
      });
      const token = login.json().data.jwtToken as string;
      for (const res of [
        await api(strict, NOTIFICATIONS_CONTRACTS.list, {}, token),
        await api(strict, NOTIFICATIONS_CONTRACTS.read, { body: { ids: [1] } }, token),
        await api(strict, NOTIFICATIONS_CONTRACTS.mentionable, {}, token),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(ACCOUNT_MSG.twoFactorRequired);
      }
    } finally {
      await strict.close();
    }
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const unread = (await mine(tara)).unread;
    const cases: [unknown, string][] = [
      [{}, 'ids'],
      [{ ids: [] }, 'ids'],
      [{ ids: 'all' }, 'ids'],
      [{ ids: [1.5] }, 'ids.0'],
      [{ ids: [0] }, 'ids.0'],
      [{ ids: Array.from({ length: 501 }, (_, i) => i + 1) }, 'ids'],
      [{ ids: [1], all: true }, 'all'],
    ];
    for (const [body, field] of cases) {
      const res = await read(tara, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json<ApiRefusal>().data.errors), JSON.stringify(body)).toContain(field);
    }
    for (const query of ['?limit=0', '?limit=101', '?page=0', '?page=x', '?unread=1']) {
      const res = await list(tara, query);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await mine(tara)).unread).toBe(unread);
  });

  it('lists the active members a remark may mention, their ids encoded', async () => {
    const res = await api(t, NOTIFICATIONS_CONTRACTS.mentionable, {}, tom);
    expect(res.statusCode).toBe(200);
    const members = res.json().data as { id: string; name: string }[];
    expect(members).toContainEqual({ id: encodeId(tara.id), name: 'Tara Team' });
    const gone = await createMember(t, ROLE.Team, 'Gone Member');
    await t.app.ctx.db
      .updateTable('staff')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', gone.id)
      .execute();
    const again = (await api(t, NOTIFICATIONS_CONTRACTS.mentionable, {}, tom)).json().data;
    expect(again.map((m: { name: string }) => m.name)).not.toContain('Gone Member');
  });

  describe('for other features', () => {
    it('notifyNow tells a member of an order (a customer reply, DESIGN §25) with no author', async () => {
      const id = await heldBy(tara);
      const order = await t.app.ctx.db
        .selectFrom('orders')
        .select('id')
        .where('order_id', '=', id)
        .executeTakeFirstOrThrow();
      const made = await notifyNow(t.app.ctx, {
        memberId: tara.id,
        kind: 'customer_replied',
        orderDbId: Number(order.id),
        text: `Re: your application ${'x'.repeat(400)}`,
      });
      expect(made).toMatchObject({ kind: 'customer_replied', order_id: id, by: null, read_at: null });
      expect(made.text).toHaveLength(200);
      expect((await mine(tara)).data[0]).toEqual(made);
    });

    it("tells the holder of an order a customer replied to, through the inbox's event (DESIGN §25)", async () => {
      const id = await heldBy(tara);
      const order = await t.app.ctx.db
        .selectFrom('orders')
        .select('id')
        .where('order_id', '=', id)
        .executeTakeFirstOrThrow();
      const before = (await mine(tara)).data.length;
      const ninaBefore = (await mine(nina)).data.length;
      await t.app.ctx.events.publish('order.customerReplied', {
        orderDbId: Number(order.id),
        orderId: id,
        holder: tara.id,
        inboundId: 1,
      });
      await expect.poll(async () => (await mine(tara)).data.length).toBe(before + 1);
      expect((await mine(tara)).data[0]).toMatchObject({
        kind: 'customer_replied',
        order_id: id,
        text: CUSTOMER_REPLIED_TEXT,
        by: null,
      });
      expect((await mine(nina)).data.length).toBe(ninaBefore);
    });

    it('goes with the order’s personal data on erasure', async () => {
      const id = await heldBy(tara);
      await remark(admin, id, '@Tara Team Mrs Quintessa Vantablack called');
      expect((await mine(tara)).data.some((n) => n.order_id === id)).toBe(true);
      await reauth(t, admin.token);
      const erased = await api(
        t,
        PRIVACY_CONTRACTS.erase,
        { params: { orderId: id }, body: { reason: 'asked by phone' } },
        admin,
      );
      expect(erased.statusCode, erased.body).toBe(200);
      expect((await mine(tara)).data.some((n) => n.order_id === id)).toBe(false);
      const left = await t.app.ctx.db.selectFrom('notifications').select('text').execute();
      expect(left.some((n) => n.text.includes('Vantablack'))).toBe(false);
    });
  });
});
