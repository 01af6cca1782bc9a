import { can, FOLDERS, type FolderCounts, type FolderDef, type TokenUser } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { followUpDueCounts } from '../follow-ups/index.ts';
import { readStatusTotals, readStatusTotalsOfMany, type StatusTotal } from './counts.repository.ts';

/** One folder's count from the status totals, by the folder definition in shared (no scan of orders). */
export function countFromTotals(totals: readonly StatusTotal[], folder: FolderDef): number {
  let sum = 0;
  for (const t of totals) {
    if (folder.statuses === null || folder.statuses.includes(t.process_status as never))
      sum += folder.mine ? t.mine : t.n;
  }
  return sum;
}

function countsFromTotals(totals: readonly StatusTotal[], staff: Pick<TokenUser, 'type'>): FolderCounts {
  const counts: FolderCounts = {};
  for (const folder of FOLDERS) {
    if (!can(staff.type, folder.capability)) continue;
    counts[folder.countField] = countFromTotals(totals, folder);
  }
  return counts;
}

/**
 * Folder counts of SPEC §3 from the counter table, by the one folder definition in shared, and the
 * due follow-ups beside Awaiting Customer and Awaiting Govt (DESIGN §18; the same for every member).
 */
export async function folderCounts(ctx: Pick<AppContext, 'db' | 'clock'>, staff: TokenUser): Promise<FolderCounts> {
  const [totals, due] = await Promise.all([readStatusTotals(ctx.db, staff.id), followUpDueCounts(ctx.db, ctx.clock())]);
  return { ...countsFromTotals(totals, staff), ...due };
}

/** Each member's folder counts, as folderCounts gives them, from one read (the live stream's ticks). */
export async function folderCountsOfMany(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  staff: readonly Pick<TokenUser, 'id' | 'type'>[],
): Promise<Map<number, FolderCounts>> {
  const [totals, due] = await Promise.all([
    readStatusTotalsOfMany(
      ctx.db,
      staff.map((s) => s.id),
    ),
    followUpDueCounts(ctx.db, ctx.clock()),
  ]);
  const result = new Map<number, FolderCounts>();
  for (const member of staff)
    result.set(member.id, { ...countsFromTotals(totals.get(member.id) ?? [], member), ...due });
  return result;
}

/** The number of orders in one folder, as the sidebar shows it: the list's `total`. */
export async function folderTotal(ctx: Pick<AppContext, 'db'>, folder: FolderDef, staff: TokenUser): Promise<number> {
  return countFromTotals(await readStatusTotals(ctx.db, staff.id), folder);
}
