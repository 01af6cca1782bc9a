import { type ApiEnvelope, type FolderDef, folderHoldsOrder, type OrderListItem } from '@eta/shared';
import type { LiveChange } from '../../../store/liveSlice.ts';

/**
 * DESIGN §22 "Live rows tell the truth": a row whose order changed (by another member, or the
 * member's own action before its reload lands) shows where the order stands now (status, holder,
 * and so whether View opens it), as a reload would draw it, or leaves the page when the folder no
 * longer holds the order. The row keeps its place (no reload under the cursor);
 * `total` loses what left, so a search's count stays true (a folder's total follows the sidebar).
 * `me` is the member's name, as events name holders.
 */
export function applyLiveChanges(
  reply: ApiEnvelope<OrderListItem[]>,
  folder: FolderDef,
  me: string,
  changes: readonly LiveChange[],
): void {
  // a refusal carries no rows (and is never cached as data)
  if (!reply.data) return;
  const rows = reply.data;
  for (const change of changes) {
    const at = rows.findIndex((row) => row.order_id === change.orderId);
    if (at === -1) continue;
    if (!folderHoldsOrder(folder, change, me)) {
      rows.splice(at, 1);
      if (reply.total !== undefined) reply.total = Math.max(0, reply.total - 1);
      continue;
    }
    const row = rows[at] as OrderListItem;
    row.process_status = change.status;
    row.assign_to = change.assignee ?? '';
    row.assigned_to_me = change.assignee !== null && change.assignee === me;
  }
}
