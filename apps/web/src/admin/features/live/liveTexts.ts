import { type FolderDef, folderHoldsOrder, ORDER_EVENT, statusLabel } from '@eta/shared';
import type { LiveChange } from '../../../store/liveSlice.ts';

/** Who made a change, as staff read it: a member's name, or the system (an integration, a lease). */
const who = (change: Pick<LiveChange, 'by'>) => change.by ?? 'The system';

/** "Nina Night moved it to Contact Customer", "Tara Team took it" … for a row's or a detail's note. */
export function describeChange(change: LiveChange): string {
  switch (change.kind) {
    case ORDER_EVENT.status:
      return `${who(change)} moved it to ${statusLabel(change.status)}`;
    case ORDER_EVENT.assign:
    case ORDER_EVENT.takeover:
      return change.assignee && change.assignee === change.by
        ? `${who(change)} took it`
        : `${who(change)} assigned it to ${change.assignee ?? 'nobody'}`;
    case ORDER_EVENT.unassign:
      return `${who(change)} released it`;
    case ORDER_EVENT.remark:
      return `${who(change)} added a remark`;
    case ORDER_EVENT.created:
      return 'New order';
    default:
      return `${who(change)} changed it`;
  }
}

/** Whether a change heard on the stream puts an order (not on screen) into this folder's list. */
export function arrivesIn(folder: FolderDef, change: LiveChange, me: string): boolean {
  if (folder.statuses === null) return change.kind === ORDER_EVENT.created;
  return folderHoldsOrder(folder, change, me);
}

/** "Also viewing: Nina Night, Tara Team" without the member themself; null when nobody else. */
export function alsoViewing(viewers: readonly string[] | undefined, me: string): string | null {
  const others = (viewers ?? []).filter((name) => name !== me);
  return others.length > 0 ? `Also viewing: ${others.join(', ')}` : null;
}

export const newOrdersText = (n: number) => `${n} new ${n === 1 ? 'order' : 'orders'}, show`;
