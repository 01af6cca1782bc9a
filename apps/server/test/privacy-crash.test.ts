import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ORDER_EVENT, STATUS } from '@eta/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildOrder, INGEST_KEY, PNG_URL, seedOrders } from './orders-fixtures.ts';
import { runRetentionCli } from './privacy-fixtures.ts';
import { buildTestApp, describeEachDialect, type TestApp } from './test-app.ts';

const ORDERS = 240;
const CLI_ENV = { RETENTION_IMAGES_DAYS: '0', RETENTION_BATCH: '1', REQUIRE_2FA: '' };

/**
 * DESIGN §16: a pass killed with SIGKILL at any moment and run again removes each thing once and
 * leaves no orphaned file and no row that shows a deleted one. The kill lands wherever the pass
 * happens to be once it has begun; the invariants must hold whatever that point was.
 */
describeEachDialect('a retention pass killed mid-run', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    const orders = Array.from({ length: ORDERS }, () =>
      buildOrder({ process_status: STATUS.Completed, passport_image: PNG_URL, upload_image: PNG_URL }),
    );
    await seedOrders(t, orders);
    // finished 100 days ago: past the images' 0 days, well within the documents' and personal periods
    const finished = new Date(Date.now() - 100 * 86_400_000).toISOString();
    await sql`update orders set updated_at = ${finished}`.execute(t.app.ctx.db);
  });
  afterAll(() => t.close());

  const removedSoFar = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('images_removed_at', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('resumes after the kill and ends with every image removed once and no file left behind', async () => {
    let killedAt = -1;
    const first = await runRetentionCli(t.storage, CLI_ENV, (child) => {
      const watch = setInterval(async () => {
        const n = await removedSoFar();
        if (n >= 5 && killedAt < 0) {
          killedAt = n;
          child.kill('SIGKILL');
          clearInterval(watch);
        }
      }, 5);
      child.on('close', () => clearInterval(watch));
    });
    expect(first.signal).toBe('SIGKILL');
    expect(killedAt).toBeLessThan(ORDERS);

    const second = await runRetentionCli(t.storage, CLI_ENV);
    expect(second.code).toBe(0);

    expect(await removedSoFar()).toBe(ORDERS);
    const rows = await t.app.ctx.db.selectFrom('order_images').select(['file_name', 'removed_at']).execute();
    expect(rows).toHaveLength(ORDERS * 2);
    for (const row of rows) expect(row.removed_at).not.toBeNull();
    const folder = path.join(t.config.dataDir, 'images');
    expect(existsSync(folder) ? readdirSync(folder).filter((f) => !f.startsWith('.')) : []).toEqual([]);
    expect(await t.app.ctx.db.selectFrom('file_deletions').selectAll().execute()).toEqual([]);
    const removals = await t.app.ctx.db
      .selectFrom('order_events')
      .select(['order_key', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('kind', '=', ORDER_EVENT.dataRemoved)
      .groupBy('order_key')
      .execute();
    expect(removals).toHaveLength(ORDERS);
    for (const r of removals) expect(Number(r.n)).toBe(1);
  });
});
