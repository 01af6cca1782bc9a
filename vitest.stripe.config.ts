import { defineConfig } from 'vitest/config';

/**
 * `npm run test:stripe` only (scripts/test-stripe.cjs): the flows against Stripe's test mode. Kept
 * out of vitest.config.ts's include, so the normal suite neither runs nor skips them.
 */
export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    environment: 'node',
    include: ['apps/server/test/stripe-live/**/*.live.ts'],
  },
});
