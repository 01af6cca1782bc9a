import { FIND_CONTRACTS, type FindItem, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { assignAs, buildOrder, INGEST_KEY, nextOrderId, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** Find anything (DESIGN §23): GET /api/admin/find. */
describeEachDialect('find', (dialect) => {
  let t: TestApp;
  let team: Member;
  let telecaller: Member;
  const id: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    team = await createMember(t, ROLE.Team, 'Tess Team');
    telecaller = await createMember(t, ROLE.Telecaller);
    const named: Record<string, Record<string, unknown>> = {
      // an order in Awaiting Customer, where the legacy search in Completed found nothing
      awaiting: { first_name: 'Amelia', sur_name: 'Zabriskie', process_status: STATUS.Awaiting },
      completed: {
        first_name: 'Bruno',
        sur_name: 'Quintero',
        process_status: STATUS.Completed,
        phone_number: '+44 (7700) 900-555',
        contact_email_address: 'Bruno.Q@Mail.Example',
      },
      paid: { first_name: 'Carla', sur_name: 'Paid', payment_reference: 'pi_3Qabcdef', transaction_id: 'TXN-778899' },
      deleted: { first_name: 'Dora', sur_name: 'Gone', process_status: STATUS.Deleted, phone_number: '7700111222' },
      exact: { order_id: 'UKETA-5550001', first_name: 'Eve', sur_name: 'Exact' },
      longer: { order_id: 'UKETA-55500012', first_name: 'Finn', sur_name: 'Longer' },
    };
    const orders = Object.entries(named).map(([key, fields], i) => {
      const order = buildOrder({
        phone_number: `77009${String(10_000 + i)}`,
        created_at: `2026-03-01T10:00:0${i}.000Z`,
        ...fields,
      });
      id[key] = order.order_id as string;
      return order;
    });
    // 25 orders of one surname: more than any limit
    for (let i = 0; i < 25; i += 1) {
      orders.push(
        buildOrder({
          sur_name: 'Manyfold',
          phone_number: `66001${String(10_000 + i)}`,
          created_at: new Date(Date.UTC(2026, 1, 1, 0, i)).toISOString(),
        }),
      );
    }
    await seedOrders(t, orders);
    await assignAs(team.token, t, [id.exact as string]);
  });
  afterAll(() => t.close());

  const find = (query: string, token = team.token) => call(t, 'GET', `/api/admin/find?${query}`, token);
  const found = async (q: string, token = team.token, limit?: number) => {
    const res = await find(`q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`, token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe(1);
    return { items: body.data as FindItem[], total: body.total as number };
  };
  const ids = async (q: string, token = team.token) => (await found(q, token)).items.map((o) => o.order_id);

  it('finds an order by its id exactly, whatever folder holds it, with what a call needs', async () => {
    const { items, total } = await found(id.completed as string);
    expect(total).toBe(1);
    expect(items).toEqual([
      {
        order_id: id.completed,
        full_name: 'Bruno Quintero',
        contact_email_address: 'Bruno.Q@Mail.Example',
        phone_number: '+44 (7700) 900-555',
        process_status: STATUS.Completed,
        folder: 'completedorder',
        assign_to: '',
        sla_due_at: expect.any(String),
        created_at: '2026-03-01T10:00:01.000Z',
      },
    ]);
  });

  it('puts the exact order id first and the ids it begins next (prefix vs exact)', async () => {
    expect(await ids('UKETA-5550001')).toEqual([id.exact, id.longer]);
    expect(await ids('uketa-5550001')).toEqual([id.exact, id.longer]);
    expect(await ids('UKETA-555000')).toEqual(expect.arrayContaining([id.exact, id.longer]));
    const exact = (await found('UKETA-5550001')).items[0];
    expect(exact?.assign_to).toBe('Tess Team');
    expect(exact?.folder).toBe('newOrder');
  });

  it('finds by email, case-insensitively, exactly and by part', async () => {
    expect(await ids('bruno.q@mail.example')).toEqual([id.completed]);
    expect(await ids('BRUNO.Q@MAIL')).toEqual([id.completed]);
  });

  it('finds by phone digits however the number is written', async () => {
    // kept as "+44 (7700) 900-555": its digits found through the index
    expect(await ids('447700900555')).toEqual([id.completed]);
    expect(await ids('+44 7700 900 555')).toEqual([id.completed]);
    // kept as digits: found by part too
    expect(await ids('7700111222')).toEqual([id.deleted]);
    expect(await ids('770 011 1222')).toEqual([id.deleted]);
  });

  it('finds by name, first, last or full', async () => {
    expect(await ids('Zabriskie')).toEqual([id.awaiting]);
    expect(await ids('amelia zab')).toEqual([id.awaiting]);
    const { items } = await found('zabriskie');
    expect(items[0]?.folder).toBe('awaitingorder');
  });

  it('finds by payment reference and by transaction id, which no text holds', async () => {
    expect(await found('pi_3Qabcdef')).toMatchObject({ total: 1, items: [{ order_id: id.paid }] });
    expect(await found('TXN-778899')).toMatchObject({ total: 1, items: [{ order_id: id.paid }] });
    // exact only: a part of a reference is not one
    expect(await found('pi_3Qabc')).toMatchObject({ total: 0, items: [] });
  });

  it('searches every order a Telecaller may open, Order History and Deleted included', async () => {
    expect(await ids('Zabriskie', telecaller.token)).toEqual([id.awaiting]);
    expect(await ids('7700111222', telecaller.token)).toEqual([id.deleted]);
    expect(await ids(id.completed as string, telecaller.token)).toEqual([id.completed]);
  });

  it('gives 10 by default, at most the limit, and the total of every match beside them', async () => {
    const first = await found('Manyfold');
    expect(first.items).toHaveLength(10);
    expect(first.total).toBe(25);
    // newest first
    expect(first.items[0]?.created_at).toBe('2026-02-01T00:24:00.000Z');
    expect((await found('manyfold', team.token, 20)).items).toHaveLength(20);
    expect((await found('manyfold', team.token, 1)).items).toHaveLength(1);
  });

  it('answers no match with an empty list and a total of 0', async () => {
    expect(await found('Nobody-by-this-name')).toEqual({ items: [], total: 0 });
  });

  it.each([
    ['', 'q', 'Type what to find.'],
    ['q=', 'q', 'Type what to find.'],
    ['q=%20%20', 'q', 'Type what to find.'],
    ['q=ab', 'q', 'Type at least 3 characters to find an order.'],
    [`q=${'x'.repeat(101)}`, 'q', 'At most 100 characters.'],
    ['q=jane&limit=0', 'limit', 'limit must be a whole number from 1 to 20.'],
    ['q=jane&limit=21', 'limit', 'limit must be a whole number from 1 to 20.'],
    ['q=jane&limit=abc', 'limit', 'limit must be a whole number from 1 to 20.'],
    ['q=jane&limit=2.5', 'limit', 'limit must be a whole number from 1 to 20.'],
    ['q=jane&folder=newOrder', 'folder', undefined],
  ])('refuses %s with a 400 naming the field', async (query, field, message) => {
    const res = await find(query);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.status).toBe(0);
    expect(body.data.errors).toHaveProperty(field);
    if (message) expect(body.message).toBe(message);
  });

  it('is closed to anyone not signed in (401)', async () => {
    const res = await find('q=jane', '');
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(401);
  });

  it('refuses a member held to two-factor enrolment (403)', async () => {
    const held = await buildTestApp(dialect, { REQUIRE_2FA: 'Team' });
    try {
      const member = await createMember(held, ROLE.Team);
      const res = await api(held, FIND_CONTRACTS.find, { query: { q: nextOrderId() } }, member);
      expect(res.statusCode).toBe(403);
    } finally {
      await held.close();
    }
  });
});
