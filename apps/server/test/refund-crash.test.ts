import { spawn } from 'node:child_process';
import path from 'node:path';
import { PROCESSOR_CONTRACTS, ROLE } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { drainRefunds, refundsOf, type StripeApp, startStripeApp, stripeEnv, stripeOrder } from './stripe-fixtures.ts';
import type { StripeTestDouble } from './stripe-test-double.ts';
import { createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const CHILD = path.resolve(import.meta.dirname, 'refund-worker-child.ts');
/** the worker's lease (refund-worker.ts REFUND_WORKER_DEFAULTS.leaseMs), and a little more */
const PAST_THE_LEASE = 121_000;

/**
 * DESIGN §26: never two refunds for one request, even across a crash between the call and the
 * commit. A real child process runs the worker; the Stripe test double makes the refund and then
 * holds its answer, and the test kills the child with SIGKILL: Stripe has refunded, the desk has
 * recorded nothing but its claim. Once the claim's lease has run out, the next worker calls again
 * with the same idempotency key and records the refund Stripe made the first time.
 */
describeEachDialect('a refund worker killed between the call and the commit', (dialect) => {
  let stripe: StripeApp;
  let double: StripeTestDouble;
  let t: TestApp;
  let member: Member;

  beforeAll(async () => {
    stripe = await startStripeApp(dialect);
    ({ double, t } = stripe);
    member = await createMember(t, ROLE.Team);
  });
  afterAll(() => stripe.close());

  it('ends with exactly one refund at Stripe, recorded once', async () => {
    const { orderId, charge, dbId } = await stripeOrder(t, double);
    expect((await api(t, PROCESSOR_CONTRACTS.createRefund, { params: { orderId }, body: {} }, member)).statusCode).toBe(
      201,
    );
    const answered = double.fault(/^\/v1\/refunds$/, { kind: 'hang', after: true });
    const child = spawn(process.execPath, [CHILD], {
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: t.storage.dataDir,
        JWT_SECRET: t.storage.jwtSecret,
        ...(t.storage.pgDb ? { DATABASE_URL: t.storage.pgDb.url } : {}),
        ...stripeEnv(double.url),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    await Promise.race([answered, exited.then(() => Promise.reject(new Error(`child exited first: ${stderr}`)))]);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    expect(double.refunds.filter((r) => r.charge === charge.id)).toHaveLength(1);
    const [claimed] = await refundsOf(t, dbId);
    expect(claimed).toMatchObject({ state: 'requested', processor_refund_id: null, tries: 1 });
    expect(claimed?.claim_token).not.toBeNull();
    // Within the dead worker's lease nobody calls again.
    await drainRefunds(t);
    expect(double.calls(/^\/v1\/refunds$/).filter((c) => c.form.charge === charge.id)).toHaveLength(1);

    t.advance(PAST_THE_LEASE);
    await drainRefunds(t);
    const calls = double.calls(/^\/v1\/refunds$/).filter((c) => c.form.charge === charge.id);
    expect(calls.map((c) => [c.idempotencyKey, c.replayed])).toEqual([
      [`refund-${claimed?.id}-1`, false],
      [`refund-${claimed?.id}-1`, true],
    ]);
    const made = double.refunds.filter((r) => r.charge === charge.id);
    expect(made).toHaveLength(1);
    expect(await refundsOf(t, dbId)).toMatchObject([{ state: 'succeeded', processor_refund_id: made[0]?.id }]);
  });
});
