import { can, FOLDERS, type FolderCounts, type FolderDef, type TokenUser } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { type CounterRow, readCounters } from './counts.repository.ts';

/** One folder's count from the counter rows, by the folder definition in shared (no scan of orders). */
export function countFromCounters(counters: readonly CounterRow[], folder: FolderDef, staff: TokenUser): number {
  return counters
    .filter(
      (c) =>
        (folder.statuses === null || folder.statuses.includes(c.process_status as never)) &&
        (!folder.mine || Number(c.assignee_id) === staff.id),
    )
    .reduce((sum, c) => sum + Number(c.n), 0);
}

/** Folder counts of SPEC §3 from the counter table, by the one folder definition in shared. */
export async function folderCounts(ctx: AppContext, staff: TokenUser): Promise<FolderCounts> {
  const counters = await readCounters(ctx.db);
  const counts: FolderCounts = {};
  for (const folder of FOLDERS) {
    if (!can(staff.type, folder.capability)) continue;
    counts[folder.countField] = countFromCounters(counters, folder, staff);
  }
  return counts;
}

/** The number of orders in one folder, as the sidebar shows it: the list's `total`. */
export async function folderTotal(ctx: AppContext, folder: FolderDef, staff: TokenUser): Promise<number> {
  return countFromCounters(await readCounters(ctx.db), folder, staff);
}
