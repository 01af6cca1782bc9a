import { type ConversationItem, DELIVERY, type Delivery, MAIL_STATUS } from '@eta/shared';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { attachmentsOf } from './inbound.repository.ts';

type Db = Kysely<Database>;

/**
 * An outbox row's delivery as DESIGN §25 names it: a bounce or complaint heard of it first, then
 * sent, else queued (a failed mail too: decisions/0296, its failure in the detail).
 */
export function deliveryOf(row: {
  status: string;
  delivery: string | null;
  last_error: string | null;
  delivery_detail: string | null;
}) {
  if (row.delivery === DELIVERY.bounced || row.delivery === DELIVERY.complained) {
    return { delivery: row.delivery as Delivery, delivery_detail: row.delivery_detail };
  }
  if (row.status === MAIL_STATUS.sent) return { delivery: DELIVERY.sent, delivery_detail: null };
  if (row.status === MAIL_STATUS.failed)
    return { delivery: DELIVERY.queued, delivery_detail: `Not sent: ${row.last_error ?? 'failed'}` };
  return { delivery: DELIVERY.queued, delivery_detail: null };
}

/**
 * One order's conversation (DESIGN §25): the mails we sent it and the customer's mails read back,
 * oldest first. Bounces and complaints are not part of it: they mark the mail they are about.
 */
export async function orderConversation(db: Db, config: Config, orderDbId: number): Promise<ConversationItem[]> {
  const [outgoing, incoming] = await Promise.all([
    db
      .selectFrom('mail_outbox')
      .select([
        'id',
        'to_address',
        'subject',
        'text',
        'html',
        'status',
        'delivery',
        'delivery_detail',
        'last_error',
        'created_at',
        'sent_at',
        'from_name',
      ])
      .where('order_key', '=', orderDbId)
      .execute(),
    db
      .selectFrom('inbound_mail')
      .select(['id', 'from_address', 'to_address', 'subject', 'text', 'html', 'received_at'])
      .where('order_key', '=', orderDbId)
      .where('kind', '=', 'reply')
      .where('removed_at', 'is', null)
      .execute(),
  ]);
  const attachments = await attachmentsOf(
    db,
    incoming.map((m) => m.id),
  );
  const items: ConversationItem[] = [
    ...outgoing.map((m) => ({
      id: m.id,
      direction: 'out' as const,
      at: m.sent_at ?? m.created_at,
      from: m.from_name ? `${m.from_name} <${config.mail.from.replace(/^.*<|>.*$/g, '')}>` : config.mail.from,
      to: m.to_address,
      subject: m.subject,
      text: m.text,
      html: m.html,
      ...deliveryOf(m),
      attachments: [],
    })),
    ...incoming.map((m) => ({
      id: m.id,
      direction: 'in' as const,
      at: m.received_at,
      from: m.from_address,
      to: m.to_address,
      subject: m.subject,
      text: m.text,
      html: m.html,
      delivery: DELIVERY.received,
      delivery_detail: null,
      attachments: attachments.get(m.id) ?? [],
    })),
  ];
  return items.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.direction === 'out' ? -1 : 1));
}
