import { PROCESSOR_CONTRACTS, REFUND_MSG, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { newOrder, orderRow } from './detail-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { mailKinds, refundMove, refundsOf } from './stripe-fixtures.ts';
import { buildTestApp, createMember, type Member, type TestApp } from './test-app.ts';

/** Orders paid through Stripe while the desk has no Stripe key (DESIGN §26): refunded as before, in their gateway. */
describe('refunds without STRIPE_SECRET_KEY', () => {
  let t: TestApp;
  let nina: Member;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { INGEST_API_KEY: INGEST_KEY });
    nina = await createMember(t, ROLE.NightStaff);
  });
  afterAll(() => t.close());

  it('a Stripe-paid order is marked refunded and mailed with the move, as today', async () => {
    const orderId = await newOrder(t, {
      payment_processor: 'stripe',
      payment_reference: 'ch_1',
      process_status: STATUS.Completed,
    });
    const { id } = await orderRow(t, orderId);
    await refundMove(t, nina, [orderId]);
    expect(await refundsOf(t, Number(id))).toEqual([]);
    expect(await mailKinds(t, Number(id))).toEqual(['refund']);
    expect(t.app.refundWorker).toBeNull();
  });

  it("its refunds say, in staff's terms, that the refund is made in the order's gateway, named from its data", async () => {
    const named = await newOrder(t, {
      payment_processor: 'stripe',
      payment_reference: 'ch_2',
      gateway_name: 'Stripe UK',
    });
    const bare = await newOrder(t, { payment_processor: 'stripe', payment_reference: 'ch_3', gateway_name: null });
    const unknown = await newOrder(t);
    const other = await newOrder(t);
    // orders whose data name no gateway (the seeding fills every field: cleared here as an import may leave them)
    const clear = (orderId: string, processor: string | null) =>
      t.app.ctx.db
        .updateTable('orders')
        .set({ payment_processor: processor, gateway_name: null })
        .where('order_id', '=', orderId)
        .execute();
    await clear(unknown, null);
    await clear(other, 'other');
    const noteOf = async (orderId: string) =>
      (await api(t, PROCESSOR_CONTRACTS.orderRefunds, { params: { orderId } }, nina)).json().data;
    expect(await noteOf(named)).toMatchObject({ through: null, note: REFUND_MSG.elsewhere('Stripe UK') });
    expect(await noteOf(bare)).toMatchObject({ through: null, note: REFUND_MSG.elsewhere('Stripe') });
    expect((await noteOf(unknown)).note).toBe(REFUND_MSG.elsewhere(REFUND_MSG.unknownGateway));
    expect((await noteOf(other)).note).toBe(REFUND_MSG.elsewhere(REFUND_MSG.unknownGateway));
    // a refund asked through the API is refused with the same words, never a setting's name
    const post = await api(t, PROCESSOR_CONTRACTS.createRefund, { params: { orderId: named }, body: {} }, nina);
    expect(post.statusCode).toBe(409);
    expect(post.json().message).toBe(REFUND_MSG.elsewhere('Stripe UK'));
  });

  it('a refund that failed while Stripe was connected is not retried once it is not (409, nothing changes)', async () => {
    const orderId = await newOrder(t, { payment_processor: 'stripe', payment_reference: 'ch_4', amount: 20 });
    const { id } = await orderRow(t, orderId);
    const at = new Date().toISOString();
    const row = await t.app.ctx.db
      .insertInto('refunds')
      .values({
        order_key: Number(id),
        processor: 'stripe',
        charge_ref: 'ch_4',
        amount_minor: 2000,
        currency: 'GBP',
        state: 'failed',
        processor_refund_id: null,
        failure_reason: 'declined',
        next_attempt_at: at,
        claim_token: null,
        fraud_warning_id: null,
        requested_by: null,
        requested_by_name: null,
        requested_at: at,
        settled_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await api(t, PROCESSOR_CONTRACTS.retryRefund, { params: { id: row.id } }, nina);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REFUND_MSG.retryOff);
    expect(await refundsOf(t, Number(id))).toEqual([expect.objectContaining({ state: 'failed', attempt: 1 })]);
  });
});
