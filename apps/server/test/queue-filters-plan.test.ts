import { findFolder, type QueueFilters } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { filteredCountQuery } from '../src/modules/orders/filtered-list.repository.ts';
import { folderQuery, type ListWindow, pageIds } from '../src/modules/orders/list.repository.ts';
import { applyQueueFilters } from '../src/modules/orders/queue-filters.ts';
import { planOf } from './query-plan.ts';
import { buildTestApp, describeEachDialect, type TestApp } from './test-app.ts';

const NOW = '2026-03-10T12:00:00.000Z';
const NEWEST: ListWindow = { sort: 'created_at', order: 'desc', offset: 0, limit: 10, search: '' };

/**
 * A filtered page and a filtered count (DESIGN §23, §27) read the index migration 093 made for
 * their filter, in order: the statements the list and the counts run are planned here, so a filter
 * written so that its index no longer serves it fails this test, not a budget.
 */
describeEachDialect('queue filter plans', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  const viewer = { id: 1, now: NOW };
  const page = (folderName: string, filters: QueueFilters, window = NEWEST) => {
    const folder = findFolder(folderName);
    if (!folder) throw new Error(folderName);
    const db = t.app.ctx.db;
    return planOf(
      db,
      dialect,
      pageIds(db, applyQueueFilters(folderQuery(db, folder, viewer), folder, filters, NOW), window),
    );
  };
  const count = (folderName: string, filters: QueueFilters) => {
    const folder = findFolder(folderName);
    if (!folder) throw new Error(folderName);
    return planOf(t.app.ctx.db, dialect, filteredCountQuery(t.app.ctx.db, folder, viewer, filters, NOW));
  };

  it.each([
    ['completedorder', { nationality: 'India' }, 'orders_status_nationality_created'],
    ['completedorder', { processor: 'paypal' }, 'orders_status_processor_created'],
    ['completedorder', { domain: 'secondary' }, 'orders_status_domain_created'],
    ['allorder', { nationality: 'India' }, 'orders_nationality_created'],
    ['allorder', { processor: 'paypal' }, 'orders_processor_created'],
    ['allorder', { domain: 'secondary' }, 'orders_domain_created'],
  ] as const)('%s with %j: the page and the count read %s, the page with no sort', async (folder, filters, index) => {
    // PostgreSQL weighs the two indexes of the filter by its statistics (on an empty table, the smaller
    // one); either reads the filter's value as a range in date order. SQLite, which keeps none, takes
    // the one leading with the folder's status.
    const either = new RegExp(dialect === 'sqlite' ? index : index.replace('status_', '(status_)?'));
    const listed = await page(folder, filters);
    expect(listed, listed).toMatch(either);
    expect(listed, listed).not.toMatch(/TEMP B-TREE|Sort/);
    const counted = await count(folder, filters);
    expect(counted, counted).toMatch(either);
  });

  it.each([
    ['awaitingorder', 'orders_awaiting_follow_up'],
    ['awaitinggovtorder', 'orders_awaiting_govt_follow_up'],
  ])('%s by follow-up day reads %s in its order', async (folder, index) => {
    const text = await page(folder, {}, { ...NEWEST, sort: 'follow_up_on', order: 'asc' });
    expect(text, text).toContain(index);
    expect(text, text).not.toMatch(/TEMP B-TREE|Sort/);
  });
});
