import { EVIDENCE_MSG, PROCESSOR_CONTRACTS, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { orderRow } from './detail-fixtures.ts';
import { openDispute } from './dispute-fixtures.ts';
import { addDefenceHistory, PURCHASE, type StripeApp, startStripeApp, stripeOrder } from './stripe-fixtures.ts';
import type { StripeTestDouble } from './stripe-test-double.ts';
import { call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describeEachDialect('dispute evidence sent through Stripe (DESIGN §26)', (dialect) => {
  let stripe: StripeApp;
  let double: StripeTestDouble;
  let t: TestApp;
  let team: Member;

  beforeAll(async () => {
    stripe = await startStripeApp(dialect);
    ({ double, t } = stripe);
    team = await createMember(t, ROLE.Team, 'Tara Team');
  });
  afterAll(() => stripe.close());

  /** A Stripe-paid order in ChargeBack with a download, a sent approval mail and a Stripe dispute. */
  async function disputedOrder(respondBy = new Date(Date.now() + 5 * DAY).toISOString(), purchase = PURCHASE) {
    const order = await stripeOrder(t, double, { ...purchase, process_status: STATUS.Completed });
    await addDefenceHistory(t, order);
    const atStripe = double.addDispute(order.charge.id, Math.floor(Date.parse(respondBy) / 1000));
    const dispute = await openDispute(t, team, order.orderId, { processorDisputeId: atStripe.id, respondBy });
    return { ...order, dispute, atStripe };
  }

  it('stages the evidence built from the order, uploads its files, then submits it once', async () => {
    // two earlier undisputed Stripe orders of the same card and IP: Visa CE 3.0 qualifies
    const earlier = [];
    for (const days of [200, 130])
      earlier.push(
        await stripeOrder(t, double, { ...PURCHASE, created_at: ago(days), process_status: STATUS.Completed }),
      );
    const { dispute, atStripe, orderId } = await disputedOrder();
    const evidence = (submit: boolean) =>
      api(t, PROCESSOR_CONTRACTS.evidence, { params: { id: dispute.id }, body: { submit } }, team);

    const staged = await evidence(false);
    expect(staged.statusCode, staged.body).toBe(200);
    expect(staged.json()).toMatchObject({ message: EVIDENCE_MSG.staged, data: { submitted: false, enhanced: true } });
    const fields = staged.json().data.fields;
    expect(fields).toMatchObject({
      customer_name: 'Jane Doe',
      customer_email_address: `${orderId.toLowerCase()}@example.test`,
      customer_purchase_ip: '203.0.113.7',
      billing_address: '1 High Street, Leeds, LS1 1AA, United Kingdom',
    });
    expect(fields.product_description).toContain(orderId);
    expect(fields.access_activity_log).toMatch(
      /IP 198\.51\.100\.4 · Firefox on Linux · time zone Europe\/London · downloaded the eTA document/,
    );
    expect(fields.refund_policy_disclosure).toMatch(/Refund policy version 2024-03/);
    const uploads = double.calls(/^\/v1\/files$/);
    expect(uploads).toHaveLength(2);
    expect([...double.files.values()].slice(-2).map((f) => [f.purpose, f.bytes.subarray(0, 5).toString()])).toEqual([
      ['dispute_evidence', '%PDF-'],
      ['dispute_evidence', '%PDF-'],
    ]);
    const [update] = double.calls(new RegExp(`^/v1/disputes/${atStripe.id}$`));
    expect(update?.form).toMatchObject({
      submit: 'false',
      evidence: {
        uncategorized_file: expect.stringMatching(/^file_/),
        customer_communication: expect.stringMatching(/^file_/),
        enhanced_evidence: {
          visa_compelling_evidence_3: { prior_undisputed_transactions: earlier.map((e) => ({ charge: e.charge.id })) },
        },
      },
    });
    expect(atStripe.status).toBe('needs_response');
    expect(staged.json().data.dispute.evidence_staged_at).not.toBeNull();

    const sent = await evidence(true);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.dispute.evidence_submitted_at).not.toBeNull();
    expect(atStripe.status).toBe('under_review');
    expect(atStripe.evidence_details.submission_count).toBe(1);

    const calls = double.received.length;
    const again = await evidence(true);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EVIDENCE_MSG.alreadySubmitted);
    expect((await api(t, PROCESSOR_CONTRACTS.accept, { params: { id: dispute.id } }, team)).statusCode).toBe(409);
    expect(double.received.length).toBe(calls);
    const { id } = await orderRow(t, orderId);
    const activity = await t.app.ctx.db
      .selectFrom('order_events')
      .select('to_value')
      .where('order_key', '=', id)
      .where('kind', '=', 'dispute_evidence')
      .execute();
    expect(activity.map((a) => a.to_value)).toEqual(['staged', 'submitted']);
  });

  it('leaves Visa CE 3.0 out when no earlier undisputed order of the same card and IP qualifies it', async () => {
    const alone = { ...PURCHASE, card_fingerprint: 'fp_alone', purchase_ip: '203.0.113.99', device_id: 'dev-alone' };
    const { dispute, atStripe } = await disputedOrder(undefined, alone);
    const staged = await api(
      t,
      PROCESSOR_CONTRACTS.evidence,
      { params: { id: dispute.id }, body: { submit: false } },
      team,
    );
    expect(staged.statusCode, staged.body).toBe(200);
    expect(staged.json().data).toMatchObject({ submitted: false, enhanced: false });
    const [update] = double.calls(new RegExp(`^/v1/disputes/${atStripe.id}$`));
    expect(update?.form.evidence).toBeDefined();
    expect(update?.form.evidence).not.toHaveProperty('enhanced_evidence');
  });

  it('accepts a dispute at Stripe, after which no evidence goes', async () => {
    const { dispute, atStripe } = await disputedOrder();
    const res = await api(t, PROCESSOR_CONTRACTS.accept, { params: { id: dispute.id } }, team);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'accepted' });
    expect(atStripe.status).toBe('lost');
    expect(
      (await api(t, PROCESSOR_CONTRACTS.evidence, { params: { id: dispute.id }, body: { submit: false } }, team))
        .statusCode,
    ).toBe(409);
  });

  it('refuses evidence and acceptance past respond_by (409), calling nothing', async () => {
    const { dispute } = await disputedOrder(new Date(Date.now() - DAY).toISOString());
    const calls = double.received.length;
    const res = await api(
      t,
      PROCESSOR_CONTRACTS.evidence,
      { params: { id: dispute.id }, body: { submit: true } },
      team,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(EVIDENCE_MSG.pastDeadline);
    expect((await api(t, PROCESSOR_CONTRACTS.accept, { params: { id: dispute.id } }, team)).statusCode).toBe(409);
    expect(double.received.length).toBe(calls);
  });

  it('no answer from Stripe is a 503 and marks nothing; a bad submit is a 400', async () => {
    const { dispute } = await disputedOrder();
    const url = `/api/admin/disputes/${dispute.id}/evidence`;
    const evidence = (submit: boolean) =>
      api(t, PROCESSOR_CONTRACTS.evidence, { params: { id: dispute.id }, body: { submit } }, team);
    double.fault(/^\/v1\/disputes\//, { kind: 'status', status: 500 });
    const down = await evidence(true);
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(EVIDENCE_MSG.unreachable);
    expect((await call(t, 'POST', url, team.token, { submit: 'yes' })).statusCode).toBe(400);
    const ok = await evidence(true);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
