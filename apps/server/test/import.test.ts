import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { IMPORT_BATCH, importOrders } from '../src/cli/import.ts';
import { buildOrder, GIF_URL, PNG_URL } from './orders-fixtures.ts';
import { buildTestApp, describeEachDialect, type TestApp } from './test-app.ts';

describeEachDialect('npm run import', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  const countOrders = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('imports in batches with a progress line, skipping and reporting invalid orders', async () => {
    const orders: Record<string, unknown>[] = Array.from({ length: IMPORT_BATCH + 20 }, () => buildOrder());
    orders[3] = buildOrder({ contact_email_address: 'broken' });
    orders[IMPORT_BATCH + 5] = buildOrder({ passport_image: GIF_URL });
    orders[IMPORT_BATCH + 6] = buildOrder({ passport_image: PNG_URL });
    orders[IMPORT_BATCH + 7] = orders[10] as Record<string, unknown>;
    const file = path.join(t.config.dataDir, 'orders.json');
    writeFileSync(file, JSON.stringify(orders));
    const lines: string[] = [];
    const summary = await importOrders(t.config, file, (line) => lines.push(line));
    expect(summary).toEqual({ total: IMPORT_BATCH + 20, created: IMPORT_BATCH + 17, duplicates: 1, invalid: 2 });
    expect(await countOrders()).toBe(IMPORT_BATCH + 17);
    const progress = lines.filter((l) => / read: /.test(l));
    expect(progress).toHaveLength(2);
    expect(progress[1]).toContain(`${IMPORT_BATCH + 20}/${IMPORT_BATCH + 20} read`);
    expect(lines.find((l) => l.includes(orders[3]?.order_id as string))).toMatch(/order #4 .*contact_email_address/);
    expect(lines.find((l) => l.includes(orders[IMPORT_BATCH + 5]?.order_id as string))).toMatch(/passport_image/);
  });

  it('reports every order of a repeated import as already there', async () => {
    const orders = [buildOrder(), buildOrder()];
    const file = path.join(t.config.dataDir, 'again.json');
    writeFileSync(file, JSON.stringify(orders));
    expect((await importOrders(t.config, file, () => {})).created).toBe(2);
    expect(await importOrders(t.config, file, () => {})).toEqual({ total: 2, created: 0, duplicates: 2, invalid: 0 });
  });

  it('refuses a file that is not a JSON array', async () => {
    const file = path.join(t.config.dataDir, 'object.json');
    writeFileSync(file, JSON.stringify({ orders: [] }));
    await expect(importOrders(t.config, file, () => {})).rejects.toThrow(/JSON array/);
  });
});
