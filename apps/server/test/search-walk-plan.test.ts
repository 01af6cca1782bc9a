import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset } from '../../../bench/src/generate.ts';
import { BENCH_PASSWORD } from '../../../bench/src/plan.ts';
import type { ListWindow } from '../src/modules/orders/list.repository.ts';
import { walkedByDate } from '../src/modules/orders/search-engine.pg.ts';
import { planOf } from './query-plan.ts';
import { buildTestApp, DIALECTS, type TestApp } from './test-app.ts';

/**
 * Order History's page of a common text on PostgreSQL is walked on order_search alone, through its
 * date index (migration 085), newest first, stopping at the page's last match: no sort of every
 * match, and no lookup into orders per order tested. Planned here over a few thousand generated
 * orders with their statistics, so an index or a query that drifts apart fails this test, not a budget.
 */
describe.runIf(DIALECTS.includes('postgres'))('Order History walked by date on order_search [postgres]', () => {
  let t: TestApp;
  let common: string;

  beforeAll(async () => {
    t = await buildTestApp('postgres');
    const passwordHash = await t.app.ctx.passwords.hash(BENCH_PASSWORD);
    await generateDataset(t.app.ctx.db, { orders: 4_000, seed: 11, now: Date.UTC(2026, 10, 1), passwordHash });
    await sql`analyze order_search`.execute(t.app.ctx.db);
    const top = await t.app.ctx.db
      .selectFrom('orders')
      .select([sql<string>`lower(sur_name)`.as('name'), (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy(sql`lower(sur_name)`)
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    common = top.name;
  });
  afterAll(() => t.close());

  const plan = (window: ListWindow) => planOf(t.app.ctx.db, 'postgres', walkedByDate(t.app.ctx.db, window));

  it.each(['desc', 'asc'] as const)(
    'reads order_search_created in order (%s), with no sort and no orders',
    async (order) => {
      const text = await plan({ sort: 'created_at', order, offset: 0, limit: 10, search: common, walk: true });
      expect(text, text).toContain('order_search_created');
      expect(text, text).not.toMatch(/Sort|on orders\b/);
    },
  );
});
