import type { FolderDef, OrderListItem } from '@eta/shared';
import { useMemo } from 'react';
import { useAppSelector } from '../../../store/index.ts';
import { selectLiveChanges } from '../../../store/liveSlice.ts';
import { arrivesIn, describeChange } from './liveTexts.ts';

export interface QueueLive {
  /** rows on screen that others changed since the list was read: order id → what happened */
  changed: Record<string, string>;
  /** orders that came into this folder since the list was read (shown on request, not under the cursor) */
  arrivals: number;
}

/**
 * What others did to this queue since its rows were read (DESIGN §18). The list is never reloaded
 * under the member's cursor: changed rows are marked, new arrivals counted for "N new orders, show".
 * The member's own changes are not marked: their actions reload the list themselves.
 */
export function useQueueLive(
  folder: FolderDef,
  rows: readonly OrderListItem[],
  readAt: number | undefined,
  me: string,
): QueueLive {
  const changes = useAppSelector(selectLiveChanges);
  return useMemo(() => {
    const changed: Record<string, string> = {};
    let arrivals = 0;
    if (readAt === undefined) return { changed, arrivals };
    const shown = new Set(rows.map((row) => row.order_id));
    for (const change of Object.values(changes)) {
      if (change.at <= readAt || change.by === me) continue;
      if (shown.has(change.orderId)) changed[change.orderId] = describeChange(change);
      else if (arrivesIn(folder, change, me)) arrivals += 1;
    }
    return { changed, arrivals };
  }, [changes, rows, readAt, me, folder]);
}
