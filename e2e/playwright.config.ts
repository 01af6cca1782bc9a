import { defineConfig } from '@playwright/test';
import { DISPUTE_WEBHOOK_SECRET, STRIPE_WEBHOOK_SECRET } from './disputes.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);

export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The second server, with Stripe connected to a test double (serve-stripe.ts); only stripe.spec.ts uses it. */
export const STRIPE_BASE_URL = `http://127.0.0.1:${PORT + 1}`;

/** What both servers are started with: the demo data, the ingestion key and the webhook secrets. */
const SERVER_ENV = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  LOGIN_RATE_LIMIT_PER_IP: '1000',
  // the specs read the demo orders' images and documents; no retention pass may remove them mid-run
  RETENTION_EVERY_MINUTES: '0',
  INGEST_API_KEY: 'e2e-ingest-key',
  STRIPE_WEBHOOK_SECRET,
  DISPUTE_WEBHOOK_SECRET,
};

/**
 * End-to-end tests against the real built app on a fresh SQLite database, in Debian's Chromium
 * (never a downloaded browser). One worker: the specs share one server and its data. Two servers:
 * the desk as most installs run it (Stripe not connected), and one with Stripe connected to a test
 * double for the Stripe screens (project "stripe").
 */
export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [
    { name: 'desk', testIgnore: /stripe\.spec\.ts$/ },
    { name: 'stripe', testMatch: /stripe\.spec\.ts$/, use: { baseURL: STRIPE_BASE_URL } },
  ],
  webServer: [
    {
      // the demo server and the mailbox it reads (serve.ts)
      command: 'rm -rf .data && node serve.ts',
      url: `${BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...SERVER_ENV, DATA_DIR: '.data', PORT: String(PORT) },
    },
    {
      // the demo server with Stripe connected to the Stripe test double (serve-stripe.ts); started
      // after the first, whose command clears .data, so its own data under .data/stripe stays
      command: 'rm -rf .data/stripe && node serve-stripe.ts',
      url: `${STRIPE_BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...SERVER_ENV, DATA_DIR: '.data/stripe', PORT: String(PORT + 1) },
    },
  ],
});
