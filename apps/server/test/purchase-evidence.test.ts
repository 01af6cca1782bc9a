import { DETAIL_CONTRACTS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { newOrder } from './detail-fixtures.ts';
import { buildOrder, INGEST_KEY, postOrders } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const EVIDENCE = {
  purchase_ip: '203.0.113.7',
  purchase_user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
  device_id: 'dev-8c1f',
  terms_version: '2026-03',
  terms_accepted_at: '2030-06-01T10:00:00+01:00',
  refund_policy_version: 'r7',
  disclaimer_shown: true,
  three_ds_result: 'authenticated',
  avs_result: 'Y',
  cvc_result: 'M',
  card_fingerprint: 'fp_Xk2',
  card_last4: '4242',
  card_brand: 'visa',
  payment_processor: 'stripe',
  gateway_name: 'Stripe',
  payment_reference: 'pi_3Q',
};

describeEachDialect('purchase evidence at ingestion (DESIGN §15)', (dialect) => {
  let t: TestApp;
  let team: Member;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    team = await createMember(t, 'Team');
  });
  afterAll(() => t.close());

  const detail = async (orderId: string) =>
    (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, team)).json().data;

  it('keeps every field and shows it in the detail', async () => {
    const orderId = await newOrder(t, EVIDENCE);
    expect((await detail(orderId)).purchase).toEqual({
      ...EVIDENCE,
      terms_accepted_at: '2030-06-01T09:00:00.000Z',
    });
  });

  it('records the domain’s active gateway when the website does not name one, and none of the rest', async () => {
    const gateways = await t.app.ctx.db.selectFrom('payment_gateways').selectAll().execute();
    const secondary = gateways.find((g) => g.is_secondary_domain === 1 && g.gateway_name === 'PayPal');
    await t.app.ctx.db
      .updateTable('payment_gateways')
      .set({ is_active: 0 })
      .where('is_secondary_domain', '=', 1)
      .execute();
    await t.app.ctx.db
      .updateTable('payment_gateways')
      .set({ is_active: 1 })
      .where('id', '=', secondary?.id as number)
      .execute();
    const orderId = await newOrder(t, { order_id: `UKTA-${Date.now()}` });
    const purchase = (await detail(orderId)).purchase;
    expect(purchase.gateway_name).toBe('PayPal');
    expect(Object.entries(purchase).filter(([k, v]) => k !== 'gateway_name' && v !== null)).toEqual([]);
    // changing the active gateway later does not change who took this order's payment
    await t.app.ctx.db
      .updateTable('payment_gateways')
      .set({ is_active: 0 })
      .where('is_secondary_domain', '=', 1)
      .execute();
    expect((await detail(orderId)).purchase.gateway_name).toBe('PayPal');
  });

  it('refuses a bad value with 400 naming the order and the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ purchase_ip: '999.1.1.1' }, 'purchase_ip'],
      [{ purchase_ip: 'localhost' }, 'purchase_ip'],
      [{ terms_accepted_at: '01/06/2030' }, 'terms_accepted_at'],
      [{ three_ds_result: 'passed' }, 'three_ds_result'],
      [{ payment_processor: 'worldpay' }, 'payment_processor'],
      [{ card_last4: '42' }, 'card_last4'],
      [{ disclaimer_shown: 'yes' }, 'disclaimer_shown'],
      [{ device_id: 'x'.repeat(256) }, 'device_id'],
    ];
    for (const [override, field] of cases) {
      const res = await postOrders(t, { orders: [buildOrder(override)] });
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().data.errors, JSON.stringify(override)).toHaveProperty([`orders.0.${field}`]);
    }
    const ipv6 = await postOrders(t, { orders: [buildOrder({ purchase_ip: '2001:db8::1' })] });
    expect(ipv6.statusCode).toBe(201);
  });
});
