'use strict';
/*
 * `npm run test:stripe`: the desk's Stripe flows against Stripe's own test mode (DESIGN §26), from
 * apps/server/test/stripe-live/*.live.ts: refunds (part, then the rest), dispute evidence staged and
 * submitted once, a dispute accepted, and an early fraud warning refunded with Refund now. Payments
 * use Stripe's test payment methods (pm_card_visa, pm_card_createDispute,
 * pm_card_createIssuerFraudRecord); Stripe's events reach the desk signed with its
 * STRIPE_WEBHOOK_SECRET, since Stripe's webhooks cannot reach a test machine. Needs the restricted
 * test key in STRIPE_TEST_SECRET_KEY (and optionally a secret test key in STRIPE_TEST_PAYER_KEY for
 * the payments; permissions in docs/operations/payments.md, Stripe). Without it nothing runs: the flows are
 * skipped here, by this script, so the normal suite never holds a skipped test
 * (vitest.stripe.config.ts is the only config that includes them).
 */
const path = require('node:path');
const { spawnSync } = require('node:child_process');

if (!process.env.STRIPE_TEST_SECRET_KEY) {
  console.log('test:stripe skipped: STRIPE_TEST_SECRET_KEY is not set (docs/operations/payments.md, Stripe).');
  process.exit(0);
}
if (!/^(sk|rk)_test_/.test(process.env.STRIPE_TEST_SECRET_KEY)) {
  console.error('test:stripe refused: STRIPE_TEST_SECRET_KEY must be a test-mode key (sk_test_… or rk_test_…).');
  process.exit(1);
}
const vitest = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
const config = path.join(__dirname, '..', 'vitest.stripe.config.ts');
const run = spawnSync(process.execPath, [vitest, 'run', '-c', config, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
