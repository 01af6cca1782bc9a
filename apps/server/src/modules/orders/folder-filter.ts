import type { FolderDef, TokenUser } from '@eta/shared';
import { type SelectQueryBuilder, sql } from 'kysely';
import { statusLiterals } from '../../db/literals.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The one SQL definition of a folder (DESIGN §6), used by the list and the search. The folder counts
 * read the same FolderDef through the counter table (counts.service.ts), so list totals, searches and
 * sidebar counts cannot drift apart. Each shape matches an index: (process_status, created_at) for a
 * status folder, (assigned_to, process_status, created_at) for My Orders, (created_at) for Order History.
 */
export function applyFolderFilter<O>(
  query: SelectQueryBuilder<Database, 'orders', O>,
  folder: FolderDef,
  staff: Pick<TokenUser, 'id'>,
): SelectQueryBuilder<Database, 'orders', O> {
  let q = query;
  if (folder.mine) q = q.where('orders.assigned_to', '=', staff.id);
  if (folder.statuses !== null) {
    const [only] = folder.statuses;
    q =
      folder.statuses.length === 1 && only !== undefined
        ? q.where('orders.process_status', '=', sql.lit(only))
        : q.where('orders.process_status', 'in', statusLiterals(folder.statuses));
  }
  return q;
}
