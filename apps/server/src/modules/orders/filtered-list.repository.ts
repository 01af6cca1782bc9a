import { FILTERED_COUNT_CAP, type FolderDef, type QueueFilters } from '@eta/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FolderViewer } from './folder-filter.ts';
import { folderQuery, type ListRow, type ListWindow, pageIds, rowsOf } from './list.repository.ts';
import { applyQueueFilters } from './queue-filters.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A folder's orders under a queue's filters (DESIGN §23), at the viewer's time. */
function filteredQuery(db: Db, folder: FolderDef, viewer: FolderViewer, filters: QueueFilters, now: string) {
  return applyQueueFilters(folderQuery(db, folder, { ...viewer, now }), folder, filters, now);
}

/** One page of a filtered folder: ids through the filter's index, then those rows. */
export function filteredRows(
  db: Db,
  folder: FolderDef,
  viewer: FolderViewer,
  filters: QueueFilters,
  window: ListWindow,
  now: string,
): Promise<ListRow[]> {
  return rowsOf(db, pageIds(db, filteredQuery(db, folder, viewer, filters, now), window), window);
}

/**
 * How many orders of a folder match the filters, counted up to FILTERED_COUNT_CAP and no further
 * (decision 0275): no counter table can hold every combination of filters, and an exact count of
 * a filter matching half a million orders would read half a million index entries.
 */
export function filteredCountQuery(
  db: Db,
  folder: FolderDef,
  viewer: FolderViewer,
  filters: QueueFilters,
  now: string,
) {
  const matches = filteredQuery(db, folder, viewer, filters, now)
    .select(sql.lit(1).as('one'))
    .limit(sql.lit(FILTERED_COUNT_CAP));
  return db.selectFrom(matches.as('matches')).select(sql<number>`count(*)`.as('n'));
}

export async function filteredCount(
  db: Db,
  folder: FolderDef,
  viewer: FolderViewer,
  filters: QueueFilters,
  now: string,
): Promise<number> {
  const row = await filteredCountQuery(db, folder, viewer, filters, now).executeTakeFirst();
  return row?.n ?? 0;
}
