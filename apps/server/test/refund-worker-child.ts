/**
 * A refund worker in a process of its own, for the crash test (refund-crash.test.ts): it builds the
 * app on the test's database from its environment, drains the refunds due once, and exits. The test
 * kills it with SIGKILL while its call to the Stripe test double is answered, before it commits.
 */
import { buildApp, ONE_OFF_APP } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

const app = await buildApp(loadConfig(process.env), ONE_OFF_APP);
await app.refundWorker?.drain();
await app.close();
