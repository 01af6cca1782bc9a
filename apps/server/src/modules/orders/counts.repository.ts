import type { FolderDef } from '@eta/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import { compiledOnce, compiledPerShape } from '../../db/compiled.ts';
import { statusLiterals } from '../../db/literals.ts';
import type { Database } from '../../db/schema.ts';
import { applyFolderFilter, type FolderViewer, timeOf } from './folder-filter.ts';

/** One status's orders: all of them, and those held by the member asking. */
export interface StatusTotal {
  process_status: string;
  n: number;
  mine: number;
}

/**
 * The counter table (migration 001, kept by triggers) summed per status, with the member's own
 * share beside: one row a status. Reading the table's status × holder rows and summing them in
 * JavaScript cost 115 µs a call at a million orders; this costs a quarter of that (issue 8). Built
 * once (db/compiled.ts): the sidebar asks on every screen change.
 */
const statusTotals = compiledOnce((db, staffId: number) =>
  db
    .selectFrom('order_counters')
    .select((eb) => [
      'process_status',
      eb.fn.sum<number>('n').as('n'),
      sql<number>`sum(case when assignee_id = ${staffId} then n else 0 end)`.as('mine'),
    ])
    .where('n', '>', 0)
    .groupBy('process_status'),
);

export async function readStatusTotals(db: Kysely<Database>, staffId: number): Promise<StatusTotal[]> {
  const rows = await statusTotals(db, staffId);
  return rows.map((r) => ({ process_status: r.process_status, n: r.n, mine: r.mine }));
}

/** Every status × holder row of the counter table, for many members' counts at once (the live stream). */
const statusHolderTotals = compiledOnce((db) =>
  db
    .selectFrom('order_counters')
    .select((eb) => ['process_status', 'assignee_id', eb.fn.sum<number>('n').as('n')])
    .where('n', '>', 0)
    .groupBy(['process_status', 'assignee_id']),
);

/**
 * The status totals of each member in `staffIds`, from one read: what readStatusTotals gives each of
 * them, without a statement per member.
 */
export async function readStatusTotalsOfMany(
  db: Kysely<Database>,
  staffIds: readonly number[],
): Promise<Map<number, StatusTotal[]>> {
  const rows = await statusHolderTotals(db);
  const all = new Map<string, number>();
  for (const r of rows) all.set(r.process_status, (all.get(r.process_status) ?? 0) + r.n);
  const result = new Map<number, StatusTotal[]>();
  for (const staffId of staffIds) {
    const mine = new Map<string, number>();
    for (const r of rows) if (r.assignee_id === staffId) mine.set(r.process_status, r.n);
    result.set(
      staffId,
      [...all].map(([process_status, n]) => ({ process_status, n, mine: mine.get(process_status) ?? 0 })),
    );
  }
  return result;
}

/**
 * One folder's count as a subquery of the counter table, for a statement that reads it beside the
 * folder's page (list.repository.ts `folderPage`): the same sum countFromTotals makes from
 * readStatusTotals, from the same FolderDef (its statuses; for My Orders, the member's share).
 */
export function folderCountQuery(db: Kysely<Database> | Transaction<Database>, folder: FolderDef, staffId: number) {
  let query = db
    .selectFrom('order_counters')
    .select(sql<number>`coalesce(sum(n), 0)`.as('n'))
    .where('n', '>', sql.lit(0));
  if (folder.statuses !== null) query = query.where('process_status', 'in', statusLiterals(folder.statuses));
  if (folder.mine) query = query.where('assignee_id', '=', staffId);
  return query;
}

/**
 * Overdue Orders' count (DESIGN §18) at the viewer's time: the orders that can be overdue are kept
 * counted per UTC day they fall due (migration 084, by triggers, like the folder counters), so the
 * days before the time's day are summed, and only that day's orders due before the time are
 * counted, through one range of migration 080's partial index (open, unmet, clock running, by due
 * time). Counting every overdue order instead (a few thousand at a million orders) took about a
 * fifth of PostgreSQL's mixed workload (issue 21): each move across the running statuses changes
 * the count, so it was counted again. The day's part is the list's own filter (applyFolderFilter).
 */
export function overdueCountQuery(
  db: Kysely<Database> | Transaction<Database>,
  folder: FolderDef,
  viewer: FolderViewer,
) {
  const today = sql<string>`substr(cast(${timeOf(viewer, folder)} as text), 1, 10)`;
  const dueToday = applyFolderFilter(db.selectFrom('orders'), folder, viewer)
    .where('orders.sla_due_at', '>=', today)
    .select(sql<number>`count(*)`.as('n'));
  return db
    .selectFrom('order_due_days')
    .where('order_due_days.due_day', '<', today)
    .select(sql<number>`coalesce(sum(order_due_days.n), 0) + (${dueToday})`.as('n'));
}

/** Built once per folder (db/compiled.ts): the sidebar asks on every screen change. */
const overdueCount = compiledPerShape(
  (folder: FolderDef) => folder.name,
  (db, folder, values: { now: string }) => overdueCountQuery(db, folder, { id: 0, now: values.now }),
);

export async function readOverdueCount(db: Kysely<Database>, folder: FolderDef, now: string): Promise<number> {
  const [row] = await overdueCount(db, folder, { now });
  return row?.n ?? 0;
}
