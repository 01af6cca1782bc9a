import { statusLabel } from './status-labels.ts';

/**
 * The work surface's own texts (DESIGN §23, issue 33) for approving in one step, restoring, bulk
 * moves and the small confirmations around them. Written once, read by the server and the web.
 */
export const FLOW_MSG = {
  /** the multipart field `complete` of upload-visa-document */
  completeInvalid: 'complete must be true or false.',
  uploadedAndCompleted: 'Document uploaded and the order completed. The approval mail has been queued.',
  uploadAndCompleteButton: 'Upload & complete',
  uploadAndCompleteHint: 'Uploads the eTA, mails it and moves the order to Completed in one step.',
  /** after Upload & complete, when the member came through Next order */
  openingNext: 'Opening your next order…',
  /** Completed Orders on an order with no approved eTA asks first (issue 33) */
  completeWithoutEta: 'This order has no approved eTA. Complete it anyway?',
  completeWithoutEtaDetail: 'The customer gets nothing to download until a document is uploaded.',
  restoreButton: 'Restore',
  restoreConfirm: 'Restore this order to the status it had before it was deleted?',
  restoreHint: 'Returns the order to the status it had before it was deleted.',
  /** the Activity note of a restore (the status event's detail) */
  restoredNote: 'Restored from Deleted',
  restored: (to: string) => `Order restored to ${statusLabel(to)}.`,
  notDeleted: (status: string) => `Only a deleted order can be restored; this order is in ${statusLabel(status)}.`,
  /** a won dispute on an order still in ChargeBack (issue 33) */
  wonDisputeHint: 'This dispute was won. Move the order out of Charge Back?',
  moveToButton: 'Move to…',
  bulkMoveConfirm: (count: number, to: string) =>
    `Move ${count} ${count === 1 ? 'order' : 'orders'} to ${statusLabel(to)}?`,
} as const;

/** The reply of a bulk move: how many moved, and each refusal with its order and reason (DESIGN §23). */
export function bulkMoveMessage(
  moved: number,
  refused: readonly { orderId: string; reason: string }[],
  to: string,
): string {
  const total = moved + refused.length;
  const orders = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;
  const head =
    refused.length === 0
      ? `${orders(moved)} moved to ${statusLabel(to)}.`
      : moved === 0
        ? `No order was moved to ${statusLabel(to)}.`
        : `${moved} of ${orders(total)} moved to ${statusLabel(to)}.`;
  const shown = refused.slice(0, 5).map((r) => `${r.orderId}: ${r.reason}`);
  if (refused.length > 5) shown.push(`and ${refused.length - 5} more`);
  return refused.length === 0 ? head : `${head} Refused: ${shown.join(' ')}`;
}

/** The confirm of Assign to me over orders someone else holds: it names each holder (issue 33). */
export function takeoverConfirm(holders: readonly string[]): string {
  const names = [...new Set(holders)];
  const list = names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Held by ${list}. Assigning takes ${names.length === 1 && holders.length === 1 ? 'it' : 'them'} over from ${names.length === 1 ? 'them' : 'each'}; the takeover is logged on the order.`;
}
