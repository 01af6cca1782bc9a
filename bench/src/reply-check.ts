import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createPasswordHasher } from '../../apps/server/src/modules/auth/passwords.ts';
import { generateDataset } from './generate.ts';
import { BENCH_PASSWORD, staffEmail } from './plan.ts';

/**
 * Replies through their contract's schema, or not
 * (docs/decisions/0111-replies-are-not-re-encoded-through-their-contract-s.md): the same app on the
 * same generated orders, once writing replies as JSON.stringify does and once checking each against
 * its response schema first, on the hot reads. `node bench/src/reply-check.ts [orders]`.
 */
const ORDERS = Number(process.argv[2] ?? 5000);
const SECONDS = 8;
const dataDir = mkdtempSync(path.join(tmpdir(), 'eta-reply-check-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  JWT_SECRET: 'x'.repeat(64),
  LOGIN_RATE_LIMIT_PER_IP: '1000',
  REQUIRE_2FA: '',
});

const seedApp = await buildApp(config, { logger: false, serveWeb: false, mailWorker: false });
const hash = await createPasswordHasher(config.argon2).hash(BENCH_PASSWORD);
await generateDataset(seedApp.ctx.db, { orders: ORDERS, passwordHash: hash });
const anOrder = await seedApp.ctx.db.selectFrom('orders').select('order_id').limit(1).executeTakeFirstOrThrow();
await seedApp.close();

async function measure(checkReplies: boolean) {
  const app = await buildApp(config, { logger: false, serveWeb: false, mailWorker: false, checkReplies });
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/admin-login',
    payload: { email: staffEmail('Ada Admin'), password: BENCH_PASSWORD },
  });
  const token = login.json().data.jwtToken as string;
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const urls = {
    'list 10': '/api/admin/get-orders-list/allorder?page=1&limit=10',
    'list 100': '/api/admin/get-orders-list/allorder?page=1&limit=100',
    counts: '/api/admin/get-folder-count',
    detail: `/api/admin/get-orders-details/${anOrder.order_id}`,
  };
  const results: Record<string, number> = {};
  for (const [name, url] of Object.entries(urls)) {
    const run = await autocannon({
      url: `${address}${url}`,
      connections: 10,
      duration: SECONDS,
      headers: { authorization: token },
    });
    if (run.non2xx > 0) throw new Error(`${name}: ${run.non2xx} failed requests`);
    results[name] = Math.round(run.requests.average);
  }
  await app.close();
  return results;
}

// Alternated twice, so drift on a shared machine falls on both.
for (const checkReplies of [false, true, false, true]) {
  const result = await measure(checkReplies);
  console.log(checkReplies ? 'checked' : 'plain  ', JSON.stringify(result));
}
rmSync(dataDir, { recursive: true, force: true });
