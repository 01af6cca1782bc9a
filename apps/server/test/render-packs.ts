/**
 * Renders both defence packs of the stress order (pack-stress.ts) as PNG pages, to look at page by
 * page (issue 18): `node apps/server/test/render-packs.ts [out dir]`, then open the PNGs. Needs
 * pdftoppm (Debian's poppler-utils). Not a test: what looks wrong is fixed, and pinned by a test.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { packRequest } from './defence-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { STRESS_START, stressOrder } from './pack-stress.ts';
import { buildTestApp, createMember } from './test-app.ts';

const out = path.resolve(process.argv[2] ?? 'pack-pages');
mkdirSync(out, { recursive: true });
const t = await buildTestApp(
  'sqlite',
  { INGEST_API_KEY: INGEST_KEY, BUSINESS_EMAIL: 'disputes@example.test' },
  { clockStart: STRESS_START },
);
try {
  const member = await createMember(t, 'Manager', 'Mary Manager');
  const order = await stressOrder(t, member.token);
  const packs = [
    ['pack1', 1, {}],
    ['pack1-passport', 1, { includePassport: true }],
    ['pack2', 2, {}],
  ] as const;
  for (const [name, type, extra] of packs) {
    const res = await packRequest(t, member.token, order.orderId, type, extra);
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    const file = path.join(out, `${name}.pdf`);
    writeFileSync(file, res.rawPayload);
    execFileSync('pdftoppm', ['-r', '80', '-png', file, path.join(out, name)]);
    console.log(`${file}: ${res.rawPayload.length} bytes`);
  }
} finally {
  await t.close();
}
