import { findFolder } from '@eta/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { folderQuery, pageIds } from '../src/modules/orders/list.repository.ts';
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
    const compiled = pageIds(t.app.ctx.db, folderQuery(t.app.ctx.db, folder, member), window).compile();
    const explain = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
    const plan = await sql.raw(`${explain}${inline(compiled.sql, compiled.parameters)}`).execute(t.app.ctx.db);
    const text = JSON.stringify(plan.rows);
    expect(text, text).toContain('orders_chargeback_due');
    expect(text, text).not.toMatch(/TEMP B-TREE|Sort/);
  });
});

/** The statement with its parameters written in (EXPLAIN takes none on SQLite's raw path). */
function inline(statement: string, parameters: readonly unknown[]): string {
  let i = 0;
  return statement.replace(/\?|\$\d+/g, () => {
    const value = parameters[i++];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}
