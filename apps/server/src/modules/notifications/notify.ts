import { NOTIFICATION_TEXT_MAX, type NotificationKind, type NotificationRecord } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import type { EventActor } from '../../lib/domain-events.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction, type TxContext } from '../../lib/transaction.ts';
import { insertNotification, publicOrderId } from './notifications.repository.ts';

/** What a notification says and to whom (DESIGN §23). */
export interface NotifyInput {
  /** staff.id of the member to tell */
  memberId: number;
  kind: NotificationKind;
  /** orders.id of the order it is about */
  orderDbId: number;
  /** an excerpt (a remark, a reply's subject): cut to NOTIFICATION_TEXT_MAX characters */
  text: string;
  /** who caused it; null or absent for the customer or the system */
  by?: EventActor;
  /** when (ISO); default now */
  at?: string;
}

/**
 * Notifies one member, inside the caller's transaction: the row commits with the change that caused
 * it (a remark, a stored reply) or not at all, and once it has committed a `notification.created`
 * domain event takes it to that member's live streams on every instance (modules/live/hub.ts).
 *
 * From a domain-event subscriber, which runs after its writer's commit and has no transaction of its
 * own, call `notifyNow(ctx, input)` instead.
 */
export async function notify(tx: TxContext, input: NotifyInput): Promise<NotificationRecord> {
  const at = input.at ?? nowIso();
  const text = input.text.trim().slice(0, NOTIFICATION_TEXT_MAX);
  const by = input.by ?? null;
  const id = await insertNotification(tx.trx, {
    member_id: input.memberId,
    kind: input.kind,
    order_key: input.orderDbId,
    text,
    by_id: by?.id ?? null,
    by_name: by?.name ?? null,
    created_at: at,
    read_at: null,
  });
  const notification: NotificationRecord = {
    id,
    kind: input.kind,
    order_id: await publicOrderId(tx.trx, input.orderDbId),
    text,
    by: by?.name ?? null,
    created_at: at,
    read_at: null,
  };
  tx.afterCommit(() => tx.events.publish('notification.created', { memberId: input.memberId, notification }));
  return notification;
}

/** `notify` in a transaction of its own: for a domain-event subscriber (the change is already committed). */
export function notifyNow(
  ctx: Pick<AppContext, 'transactions' | 'clock'>,
  input: NotifyInput,
): Promise<NotificationRecord> {
  const at = input.at ?? nowIso(ctx.clock);
  return inTransaction(ctx.transactions, (_trx, tx) => notify(tx, { ...input, at }));
}
