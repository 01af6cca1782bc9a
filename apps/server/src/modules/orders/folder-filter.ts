import type { FolderDef, TokenUser } from '@eta/shared';
import { type SelectQueryBuilder, sql } from 'kysely';
import { statusLiterals } from '../../db/literals.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Who asks, and when: My Orders reads the member, Overdue Orders the time (DESIGN §18: ISO, from the
 * app's clock, so a request and the search thread it hands over to agree on one instant).
 */
export type FolderViewer = Pick<TokenUser, 'id'> & { now?: string };

/** The time a folder bound to it (Overdue Orders) is read at; asked without one, a defect, not a request's fault. */
export function timeOf(viewer: FolderViewer, folder: FolderDef): string {
  if (viewer.now === undefined) throw new Error(`folder ${folder.name} is read at a time, and none was given`);
  return viewer.now;
}

/**
 * The one SQL definition of a folder (DESIGN §6), used by the list and the search. The folder counts
 * read the same FolderDef through the counter table (counts.service.ts), so list totals, searches and
 * sidebar counts cannot drift apart. Each shape matches an index: (process_status, created_at) for a
 * status folder, (assigned_to, process_status, created_at) for My Orders, (created_at) for Order History,
 * and for Overdue Orders migration 080's partial index, whose WHERE the statuses' IN list and
 * `sla_met_at is null` repeat term for term (SQLite uses a partial index only then).
 */
export function applyFolderFilter<O>(
  query: SelectQueryBuilder<Database, 'orders', O>,
  folder: FolderDef,
  viewer: FolderViewer,
): SelectQueryBuilder<Database, 'orders', O> {
  let q = query;
  if (folder.mine) q = q.where('orders.assigned_to', '=', viewer.id);
  if (folder.statuses !== null) {
    const [only] = folder.statuses;
    q =
      folder.statuses.length === 1 && only !== undefined
        ? q.where('orders.process_status', '=', sql.lit(only))
        : q.where('orders.process_status', 'in', statusLiterals(folder.statuses));
  }
  if (folder.overdue) {
    q = q.where('orders.sla_met_at', 'is', null).where('orders.sla_due_at', '<', timeOf(viewer, folder));
  }
  return q;
}
