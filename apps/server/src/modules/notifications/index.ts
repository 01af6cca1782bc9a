/**
 * What other features and app.ts may use of notifications (DESIGN §13, §23: everything else is its own).
 *
 * To notify a member from another feature: `notify(tx, { memberId, kind, orderDbId, text, by? })`
 * inside the change's transaction (the row commits with it, and the live `notification` event
 * reaches that member once it has), or `notifyNow(ctx, input)` from a domain-event subscriber, which
 * runs after its writer's commit. Kinds are NOTIFICATION_KIND in @eta/shared.
 */
export { CUSTOMER_REPLIED_TEXT, subscribeCustomerReplies } from './customer-replies.ts';
export { mayMention, notifyMentions } from './mentions.ts';
export { notificationRoutes } from './notifications.routes.ts';
export { type NotifyInput, notify, notifyNow } from './notify.ts';
