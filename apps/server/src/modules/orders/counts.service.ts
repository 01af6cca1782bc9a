import { can, FOLDERS, type FolderCounts, type FolderDef, ORDER_EVENT, type TokenUser } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../lib/time.ts';
import { followUpDueCounts } from '../follow-ups/index.ts';
import { readOverdueCount, readStatusTotals, readStatusTotalsOfMany, type StatusTotal } from './counts.repository.ts';
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

/** Counts of the folders no counter knows (Overdue Orders moves with time), read once for everyone. */
async function readTimedCounts(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<Map<FolderDef, number>> {
  const now = nowIso(ctx.clock);
  const timed = new Map<FolderDef, number>();
  for (const folder of FOLDERS) if (folder.overdue) timed.set(folder, await readOverdueCount(ctx.db, folder, now));
  return timed;
}

/**
 * The changes that can move an order into or out of Overdue or the due follow-ups: a new (or
 * imported) order, a move, its first document, its follow-up day. Claims, remarks and mails cannot,
 * and dropping the kept counts on each of them made the cache useless under a busy queue.
 */
const CHANGES_TIMED_COUNTS: ReadonlySet<string> = new Set([
  ORDER_EVENT.created,
  ORDER_EVENT.status,
  ORDER_EVENT.document,
  ORDER_EVENT.followUp,
  // a customer's reply counts beside Awaiting Customer (DESIGN §25)
  ORDER_EVENT.customerReply,
]);

/**
 * How long the counts that move with time (Overdue, due follow-ups) are kept: they are the same for
 * every member, and the sidebar asks on every screen change (a quarter of a working day's calls).
 * A change here that can move them drops them at once; another instance's change shows within this.
 */
const TIMED_KEEP_MS = 1_000;

type TimedCounts = [Map<FolderDef, number>, FolderCounts];
interface KeptTimed {
  at: number;
  generation: number;
  value: Promise<TimedCounts>;
}
/** Per app (AppContext.timedCounts, made in buildApp): what was read, and a count of the order changes heard. */
export interface TimedCountsKeep {
  heard: number;
  kept: KeptTimed | null;
}
export const createTimedCountsKeep = (): TimedCountsKeep => ({ heard: 0, kept: null });

declare module '../../context.ts' {
  interface AppContext {
    timedCounts: TimedCountsKeep;
  }
}

/** The orders module's subscriptions, made once when the app is built (buildApp). */
export function subscribeOrders(ctx: Pick<AppContext, 'events' | 'timedCounts'>): void {
  ctx.events.subscribe('order.changed', ({ kind }) => {
    if (CHANGES_TIMED_COUNTS.has(kind)) ctx.timedCounts.heard += 1;
  });
}

function timedCounts(ctx: Pick<AppContext, 'db' | 'clock' | 'timedCounts'>): Promise<TimedCounts> {
  const keep = ctx.timedCounts;
  const now = ctx.clock();
  const hit = keep.kept;
  if (hit && hit.generation === keep.heard && now >= hit.at && now - hit.at < TIMED_KEEP_MS) return hit.value;
  const value = Promise.all([readTimedCounts(ctx), followUpDueCounts(ctx.db, now)]);
  const kept = { at: now, generation: keep.heard, value };
  keep.kept = kept;
  // a failed read is not kept
  value.catch(() => {
    if (keep.kept === kept) keep.kept = null;
  });
  return value;
}

function countsFor(
  totals: readonly StatusTotal[],
  timed: ReadonlyMap<FolderDef, number>,
  staff: Pick<TokenUser, 'type'>,
): FolderCounts {
  const counts: FolderCounts = {};
  for (const folder of FOLDERS) {
    if (!can(staff.type, folder.capability)) continue;
    counts[folder.countField] = timed.get(folder) ?? countFromTotals(totals, folder);
  }
  return counts;
}

/**
 * Folder counts of SPEC §3 from the counter table, by the one folder definition in shared; Overdue
 * Orders (DESIGN §18) at the app's time, from its counters by due day and that day's index range; and
 * the due follow-ups beside Awaiting Customer and Awaiting Govt (DESIGN §18; the same for every member).
 */
export async function folderCounts(
  ctx: Pick<AppContext, 'db' | 'clock' | 'timedCounts'>,
  staff: TokenUser,
): Promise<FolderCounts> {
  const [totals, [timed, due]] = await Promise.all([readStatusTotals(ctx.db, staff.id), timedCounts(ctx)]);
  return { ...countsFor(totals, timed, staff), ...due };
}

/** Each member's folder counts, as folderCounts gives them, from one read of each kind (the live stream's ticks). */
export async function folderCountsOfMany(
  ctx: Pick<AppContext, 'db' | 'clock' | 'timedCounts'>,
  staff: readonly Pick<TokenUser, 'id' | 'type'>[],
): Promise<Map<number, FolderCounts>> {
  const [totals, [timed, due]] = await Promise.all([
    readStatusTotalsOfMany(
      ctx.db,
      staff.map((s) => s.id),
    ),
    timedCounts(ctx),
  ]);
  const result = new Map<number, FolderCounts>();
  for (const member of staff)
    result.set(member.id, { ...countsFor(totals.get(member.id) ?? [], timed, member), ...due });
  return result;
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
