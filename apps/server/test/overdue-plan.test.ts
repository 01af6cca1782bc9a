import { findFolder } from '@eta/shared';
import type { Compilable } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { overdueCountQuery } from '../src/modules/orders/counts.repository.ts';
import { folderQuery, pageIds } from '../src/modules/orders/list.repository.ts';
import { planOf } from './query-plan.ts';
import { buildTestApp, describeEachDialect, type TestApp } from './test-app.ts';

/**
 * Overdue Orders (DESIGN §18) is a matter of the time: its page, and its count's range of the
 * time's own day, read migration 080's partial index, which SQLite uses only for a query repeating the
 * index's WHERE term for term. The statements the list and the counts run are planned here: a
 * folder definition or filter that drifts from the index fails this test, not a budget.
 */
describeEachDialect('Overdue Orders plan', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  const folder = findFolder('overdueOrder');
  const viewer = { id: 1, now: '2030-01-01T00:00:00.000Z' };
  const plan = (query: Compilable<unknown>) => planOf(t.app.ctx.db, dialect, query);

  it('counts the folder through orders_overdue', async () => {
    if (!folder) throw new Error('no Overdue Orders folder');
    const text = await plan(overdueCountQuery(t.app.ctx.db, folder, viewer));
    expect(text, text).toContain('orders_overdue');
  });

  it('reads the default page through orders_overdue in its order, with no sort', async () => {
    if (!folder) throw new Error('no Overdue Orders folder');
    const window = { sort: 'sla_due_at' as const, order: 'asc' as const, offset: 0, limit: 10, search: '' };
    const text = await plan(pageIds(t.app.ctx.db, folderQuery(t.app.ctx.db, folder, viewer), window));
    expect(text, text).toContain('orders_overdue');
    expect(text, text).not.toMatch(/TEMP B-TREE|Sort/);
  });
});
