import { can, FOLDERS, type FolderCounts, type FolderDef, type TokenUser } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../lib/time.ts';
import { readOverdueCount, readStatusTotals, type StatusTotal } from './counts.repository.ts';
import { type FolderViewer, timeOf } from './folder-filter.ts';

/** One folder's count from the status totals, by the folder definition in shared (no scan of orders). */
export function countFromTotals(totals: readonly StatusTotal[], folder: FolderDef): number {
  let sum = 0;
  for (const t of totals) {
    if (folder.statuses === null || folder.statuses.includes(t.process_status as never))
      sum += folder.mine ? t.mine : t.n;
  }
  return sum;
}

/**
 * Folder counts of SPEC §3 from the counter table, by the one folder definition in shared; Overdue
 * Orders (DESIGN §18) counted at the app's time from its index, since no counter knows the time.
 */
export async function folderCounts(ctx: Pick<AppContext, 'db' | 'clock'>, staff: TokenUser): Promise<FolderCounts> {
  const totals = await readStatusTotals(ctx.db, staff.id);
  const now = nowIso(ctx.clock);
  const counts: FolderCounts = {};
  for (const folder of FOLDERS) {
    if (!can(staff.type, folder.capability)) continue;
    counts[folder.countField] = folder.overdue
      ? await readOverdueCount(ctx.db, folder, now)
      : countFromTotals(totals, folder);
  }
  return counts;
}

/** The number of orders in one folder, as the sidebar shows it: the list's `total`. */
export async function folderTotal(
  ctx: Pick<AppContext, 'db'>,
  folder: FolderDef,
  viewer: FolderViewer,
): Promise<number> {
  if (folder.overdue) return readOverdueCount(ctx.db, folder, timeOf(viewer, folder));
  return countFromTotals(await readStatusTotals(ctx.db, viewer.id), folder);
}
