import { DETAIL_CONTRACTS, type RelatedOrder, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { buildOrder, INGEST_KEY, seedOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** The customer's other orders on the detail (DESIGN §23): by email, phone or card. */
describeEachDialect('related orders', (dialect) => {
  let t: TestApp;
  let telecaller: Member;
  const id: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    telecaller = await createMember(t, ROLE.Telecaller);
    const named: Record<string, Record<string, unknown>> = {
      main: {
        contact_email_address: 'Pat.Customer@Mail.Example',
        phone_number: '+44 7700 900321',
        card_fingerprint: 'fp_main_card',
      },
      sameEmail: { contact_email_address: 'pat.customer@mail.example', process_status: STATUS.Completed },
      samePhone: { phone_number: '447700900321' },
      sameCard: { card_fingerprint: 'fp_main_card', process_status: STATUS.Refunds },
      everything: {
        contact_email_address: 'PAT.CUSTOMER@MAIL.EXAMPLE',
        phone_number: '(44) 7700-900321',
        card_fingerprint: 'fp_main_card',
      },
      stranger: { phone_number: '7700900999' },
      noKeys: { contact_email_address: 'alone@mail.example', phone_number: '12' },
    };
    const orders = Object.entries(named).map(([key, fields], i) => {
      const order = buildOrder({
        phone_number: `55500${String(10_000 + i)}`,
        created_at: `2026-04-01T10:00:0${i}.000Z`,
        ...fields,
      });
      id[key] = order.order_id as string;
      return order;
    });
    // 25 more orders of one email: the list stops at 20
    for (let i = 0; i < 25; i += 1) {
      orders.push(
        buildOrder({
          contact_email_address: 'frequent@mail.example',
          phone_number: `44400${String(10_000 + i)}`,
          created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        }),
      );
    }
    await seedOrders(t, orders);
  });
  afterAll(() => t.close());

  const relatedOf = async (orderId: string) => {
    const res = await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, telecaller);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.relatedOrders as RelatedOrder[];
  };

  it('lists the others by email (any case), phone digits and card, newest first, not itself', async () => {
    expect(await relatedOf(id.main as string)).toEqual([
      {
        order_id: id.everything,
        process_status: STATUS.New,
        created_at: expect.any(String),
        match: ['email', 'phone', 'card'],
      },
      { order_id: id.sameCard, process_status: STATUS.Refunds, created_at: expect.any(String), match: ['card'] },
      { order_id: id.samePhone, process_status: STATUS.New, created_at: expect.any(String), match: ['phone'] },
      {
        order_id: id.sameEmail,
        process_status: STATUS.Completed,
        created_at: '2026-04-01T10:00:01.000Z',
        match: ['email'],
      },
    ]);
  });

  it('is empty for a customer with one order, and a short phone ties nothing', async () => {
    expect(await relatedOf(id.stranger as string)).toEqual([]);
    expect(await relatedOf(id.noKeys as string)).toEqual([]);
  });

  it('holds at most 20', async () => {
    const [first] = await seedOrders(t, [
      buildOrder({ contact_email_address: 'frequent@mail.example', phone_number: '3330012345' }),
    ]);
    const related = await relatedOf(first as string);
    expect(related).toHaveLength(20);
    expect(related.every((r) => r.match.join() === 'email')).toBe(true);
    expect(related.map((r) => r.order_id)).not.toContain(first);
  });
});
