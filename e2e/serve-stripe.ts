import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startStripeTestDouble } from '../apps/server/test/stripe-test-double.ts';
import { STRIPE_DOUBLE_FILE, STRIPE_TEST_KEY, type StripeDoubleInfo } from './stripe-double.ts';
import { startStripeDoubleControl } from './stripe-double-control.ts';

/**
 * The second e2e web server, with Stripe connected (DESIGN §26): the API tests' strict Stripe TEST
 * DOUBLE on a free loopback port, in this process, then the demo server with STRIPE_SECRET_KEY and
 * STRIPE_API_URL pointing at it. The specs reach the double through a control channel whose address
 * is written to STRIPE_DOUBLE_FILE. The first server (serve.ts) stays without Stripe: the other specs
 * see the product as most installs run it.
 */
const double = await startStripeTestDouble(STRIPE_TEST_KEY);
const control = await startStripeDoubleControl(double);
const info: StripeDoubleInfo = { control: control.url, api: double.url };
mkdirSync(path.dirname(STRIPE_DOUBLE_FILE), { recursive: true });
writeFileSync(STRIPE_DOUBLE_FILE, JSON.stringify(info));

const server = spawn(process.execPath, ['../apps/server/src/main.ts', 'demo'], {
  stdio: 'inherit',
  env: { ...process.env, STRIPE_SECRET_KEY: STRIPE_TEST_KEY, STRIPE_API_URL: double.url },
});

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null) server.kill('SIGTERM');
  await double.close().catch(() => undefined);
  process.exit(code);
}
server.on('exit', (code) => void stop(code ?? 1));
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(0));
