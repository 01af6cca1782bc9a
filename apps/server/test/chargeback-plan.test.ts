import { findFolder } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { folderQuery, pageIds } from '../src/modules/orders/list.repository.ts';
import { planOf } from './query-plan.ts';
import { buildTestApp, createMember, describeEachDialect, type TestApp } from './test-app.ts';

/**
 * The ChargeBack queue's default order (soonest deadline first) is read from migration 030's index of
 * ChargeBack orders, not sorted: the statement the list runs is planned here and must use it. A
 * change to the sort expression that no longer matches the index fails this test, not a budget.
 */
describeEachDialect('ChargeBack queue plan', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  it('reads the page of the ChargeBack queue through orders_chargeback_due, with no sort', async () => {
    const member = await createMember(t, 'Team');
    // The page's id query as the list builds it, compiled with its literals in place.
    const folder = findFolder('chargeBack');
    if (!folder) throw new Error('no ChargeBack folder');
    const window = { sort: 'respond_by' as const, order: 'asc' as const, offset: 0, limit: 10, search: '' };
    const text = await planOf(
      t.app.ctx.db,
      dialect,
      pageIds(t.app.ctx.db, folderQuery(t.app.ctx.db, folder, member), window),
    );
    expect(text, text).toContain('orders_chargeback_due');
    expect(text, text).not.toMatch(/TEMP B-TREE|Sort/);
  });
});
