import { can, FOLDERS, type FolderCounts, type TokenUser } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { readCounters } from './counts.repository.ts';

/** Folder counts of SPEC §3 from the counter table, by the one folder definition in shared. */
export async function folderCounts(ctx: AppContext, staff: TokenUser): Promise<FolderCounts> {
  const counters = await readCounters(ctx.db);
  const counts: FolderCounts = {};
  for (const folder of FOLDERS) {
    if (!can(staff.type, folder.capability)) continue;
    counts[folder.countField] = counters
      .filter(
        (c) =>
          (folder.statuses === null || folder.statuses.includes(c.process_status as never)) &&
          (!folder.mine || c.assignee_id === staff.id),
      )
      .reduce((sum, c) => sum + Number(c.n), 0);
  }
  return counts;
}
