import { NOTIFICATION_KIND } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { notifyNow } from './notify.ts';

/** What the holder reads in the bell: the customer wrote back on an order that waited on them. */
export const CUSTOMER_REPLIED_TEXT = 'The customer replied to an order waiting on them.';

/**
 * DESIGN §25: a customer's reply that marks an Awaiting Customer order tells the member who holds it
 * (§23's notifications). A subscriber to the inbox's `order.customerReplied`, so the mailbox reader
 * knows nothing of notifications; a free order tells nobody (the sidebar's replied count shows it).
 */
export function subscribeCustomerReplies(
  ctx: Pick<AppContext, 'events' | 'transactions' | 'clock'>,
  log: { error(details: object, message: string): void },
): void {
  ctx.events.subscribe('order.customerReplied', async ({ orderDbId, holder }) => {
    if (holder === null) return;
    try {
      await notifyNow(ctx, {
        memberId: holder,
        kind: NOTIFICATION_KIND.customerReplied,
        orderDbId,
        text: CUSTOMER_REPLIED_TEXT,
      });
    } catch (error) {
      // the reply itself is stored and marked; a lost bell is logged, never the reply's failure
      log.error({ err: error, orderDbId }, 'could not notify the holder of a customer reply');
    }
  });
}
