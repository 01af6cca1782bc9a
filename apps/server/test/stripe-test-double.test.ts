import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_KEY } from './stripe-fixtures.ts';
import { type StripeTestDouble, startStripeTestDouble } from './stripe-test-double.ts';

/**
 * The loopback Stripe double is only worth its tests if it refuses what Stripe refuses (issue 36:
 * "make it strict"): here it is asked directly, through the official package the product uses, so a
 * double grown lenient fails here and not silently in the refund and evidence tests that lean on it.
 */
describe('the Stripe test double is as strict as Stripe for the calls the desk makes', () => {
  let double: StripeTestDouble;
  let stripe: Stripe;

  beforeAll(async () => {
    double = await startStripeTestDouble(STRIPE_KEY);
    const url = new URL(double.url);
    stripe = new Stripe(STRIPE_KEY, { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(() => double.close());

  const refusal = async (call: Promise<unknown>) => {
    const error = (await call.then(
      () => null,
      (e: unknown) => e,
    )) as { statusCode?: number; code?: string; type?: string; param?: string } | null;
    expect(error, 'the double accepted what Stripe refuses').not.toBeNull();
    return { status: error?.statusCode, code: error?.code, type: error?.type, param: error?.param };
  };

  it('refuses an unknown parameter, a bad reason, an amount beyond what is left and an unknown charge', async () => {
    const charge = double.addCharge(1000, 'gbp');
    const unknown = { charge: charge.id, amount: 100, currency: 'gbp' } as Stripe.RefundCreateParams;
    expect(await refusal(stripe.refunds.create(unknown))).toMatchObject({
      status: 400,
      code: 'parameter_unknown',
      param: 'currency',
    });
    const reason = { charge: charge.id, reason: 'changed_mind' } as unknown as Stripe.RefundCreateParams;
    expect(await refusal(stripe.refunds.create(reason))).toMatchObject({ status: 400, param: 'reason' });
    expect(await refusal(stripe.refunds.create({ charge: charge.id, amount: 1001 }))).toMatchObject({
      status: 400,
      code: 'amount_too_large',
    });
    expect(await refusal(stripe.refunds.create({ charge: 'ch_nobody' }))).toMatchObject({
      status: 400,
      code: 'resource_missing',
    });
    expect(double.refunds.filter((r) => r.charge === charge.id)).toEqual([]);
  });

  it('honours Idempotency-Key: a repeat gets the first answer, the key with other parameters is refused', async () => {
    const charge = double.addCharge(1000, 'gbp');
    const options = { idempotencyKey: `refund-double-${Date.now()}` };
    const first = await stripe.refunds.create(
      { charge: charge.id, amount: 300, metadata: { refund_id: '1' } },
      options,
    );
    const again = await stripe.refunds.create(
      { charge: charge.id, amount: 300, metadata: { refund_id: '1' } },
      options,
    );
    expect(again.id).toBe(first.id);
    expect(double.refunds.filter((r) => r.charge === charge.id)).toHaveLength(1);
    expect(double.calls(/^\/v1\/refunds$/).at(-1)).toMatchObject({
      replayed: true,
      form: { charge: charge.id, amount: '300', metadata: { refund_id: '1' } },
    });
    expect(await refusal(stripe.refunds.create({ charge: charge.id, amount: 200 }, options))).toMatchObject({
      status: 400,
      type: 'StripeIdempotencyError',
    });
  });

  it('refuses a key it does not accept with 401, as Stripe refuses a revoked key', async () => {
    const other = new URL(double.url);
    const revoked = new Stripe('rk_test_revoked', {
      host: other.hostname,
      port: other.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const charge = double.addCharge(1000, 'gbp');
    expect(await refusal(revoked.refunds.create({ charge: charge.id }))).toMatchObject({ status: 401 });
    expect(double.refunds.filter((r) => r.charge === charge.id)).toEqual([]);
  });
});
