/**
 * Server replies about orders that SPEC leaves open (DESIGN §5). SPEC's own toasts (MSG.orderAssigned,
 * MSG.orderDeleted) stay in messages.ts; these are ours, written once.
 */
export const ORDER_MSG = {
  folderCounts: 'Folder counts',
  ordersListed: 'Orders',
  searchDone: 'Search results',
  unknownFolder: 'Unknown folder.',
  limitAllTooMany: 'All is offered only while a folder holds at most 1,000 orders. Choose a page size of up to 500.',
  assignToSelfOnly: 'Orders can only be assigned to yourself.',
  unassigned: 'Order has been moved to the original folder successfully',
  refunded: 'Order has been marked as refunded successfully',
  onlyDeleted: 'Only Deleted can be set here.',
  ordersNotFound: 'Order not found.',
  ingestKeyRefused: 'Invalid or missing API key.',
  ingestEmpty: 'Send one order, or { "orders": [ … ] } with 1 to 1,000 orders.',
  ingestTooMany: 'At most 1,000 orders per request.',
  imageType: 'Must be a JPEG, PNG or WebP image.',
  imageTooLarge: 'Image must be at most 10 MB.',
  imageFormat: 'Must be a base64 data URL (data:image/…;base64,…).',
} as const;

/** "A, B, C and 4 more": ids named in a toast stay few. */
function someIds(ids: readonly string[], max = 5): string {
  const shown = ids.slice(0, max).join(', ');
  return ids.length > max ? `${shown} and ${ids.length - max} more` : shown;
}

/**
 * The message of a bulk action that did not fully succeed: how many went through, then who holds
 * the others (by name), which were already in the target status, and which do not exist.
 */
export function partialOutcomeMessage(outcome: {
  done: number;
  total: number;
  /** past participle for "3 of 5 orders …" */
  verb: string;
  /** the orders held by someone else (OrderHolder, schemas/queues.ts: named here, not imported, to keep messages free of schemas) */
  conflicts: readonly { order_id: string; assign_to: string }[];
  unchanged?: { ids: readonly string[]; reason: string };
  notFound: readonly string[];
}): string {
  const parts: string[] = [];
  if (outcome.done > 0) parts.push(`${outcome.done} of ${outcome.total} orders ${outcome.verb}.`);
  const byHolder = new Map<string, string[]>();
  for (const c of outcome.conflicts) {
    const holder = c.assign_to || 'nobody';
    byHolder.set(holder, [...(byHolder.get(holder) ?? []), c.order_id]);
  }
  for (const [holder, ids] of byHolder) {
    parts.push(
      holder === 'nobody'
        ? `Not assigned to anyone: ${someIds(ids)}.`
        : `${ids.length === 1 ? 'Order' : 'Orders'} ${someIds(ids)} ${ids.length === 1 ? 'is' : 'are'} assigned to ${holder}.`,
    );
  }
  if (outcome.unchanged && outcome.unchanged.ids.length > 0) {
    parts.push(`${outcome.unchanged.reason}: ${someIds(outcome.unchanged.ids)}.`);
  }
  if (outcome.notFound.length > 0) parts.push(`Not found: ${someIds(outcome.notFound)}.`);
  return parts.join(' ');
}

export function ingestMessage(created: number, duplicates: number): string {
  const orders = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;
  const dup = duplicates > 0 ? `, ${duplicates} already received` : '';
  return `${orders(created)} created${dup}.`;
}
