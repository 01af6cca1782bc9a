import type { InboundItem } from '@eta/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

const itemColumns = [
  'inbound_mail.id',
  'orders.order_id',
  'inbound_mail.kind',
  'inbound_mail.matched_by',
  'inbound_mail.from_address',
  'inbound_mail.to_address',
  'inbound_mail.subject',
  'inbound_mail.text',
  'inbound_mail.received_at',
  'inbound_mail.outcome',
] as const;

type ItemRow = {
  id: number;
  order_id: string | null;
  kind: string;
  matched_by: string | null;
  from_address: string;
  to_address: string;
  subject: string;
  text: string;
  received_at: string;
  outcome: string;
};

/** The kept attachments of some inbound mails, by mail. */
export async function attachmentsOf(db: Db, inboundIds: readonly number[]) {
  const byMail = new Map<number, { id: number; name: string; type: string; size: number }[]>();
  if (inboundIds.length === 0) return byMail;
  const rows = await db
    .selectFrom('inbound_attachments')
    .select(['id', 'inbound_id', 'name', 'content_type', 'size'])
    .where('inbound_id', 'in', [...inboundIds])
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const list = byMail.get(r.inbound_id) ?? [];
    list.push({ id: r.id, name: r.name, type: r.content_type, size: Number(r.size) });
    byMail.set(r.inbound_id, list);
  }
  return byMail;
}

async function itemsOf(db: Db, rows: ItemRow[]): Promise<InboundItem[]> {
  const attachments = await attachmentsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    order_id: r.order_id,
    kind: r.kind as InboundItem['kind'],
    matched_by: r.matched_by as InboundItem['matched_by'],
    from: r.from_address,
    to: r.to_address,
    subject: r.subject,
    text: r.text,
    received_at: r.received_at,
    outcome: r.outcome,
    attachments: attachments.get(r.id) ?? [],
  }));
}

export async function listInbound(
  db: Db,
  filter: { unmatched?: boolean; orderId?: string; page: number; limit: number },
): Promise<{ items: InboundItem[]; total: number }> {
  let base = db
    .selectFrom('inbound_mail')
    .leftJoin('orders', 'orders.id', 'inbound_mail.order_key')
    .where('inbound_mail.removed_at', 'is', null);
  if (filter.unmatched) base = base.where('inbound_mail.order_key', 'is', null);
  if (filter.orderId) base = base.where('orders.order_id', '=', filter.orderId);
  const rows = (await base
    .select([...itemColumns])
    .orderBy('inbound_mail.created_at', 'desc')
    .orderBy('inbound_mail.id', 'desc')
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
    .execute()) as ItemRow[];
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return { items: await itemsOf(db, rows), total: counted?.n ?? 0 };
}

export async function inboundItem(db: Db, id: number): Promise<InboundItem | null> {
  const rows = (await db
    .selectFrom('inbound_mail')
    .leftJoin('orders', 'orders.id', 'inbound_mail.order_key')
    .select([...itemColumns])
    .where('inbound_mail.id', '=', id)
    .where('inbound_mail.removed_at', 'is', null)
    .execute()) as ItemRow[];
  const [item] = await itemsOf(db, rows);
  return item ?? null;
}

export async function findAttachment(db: Db, id: number) {
  return db
    .selectFrom('inbound_attachments')
    .innerJoin('inbound_mail', 'inbound_mail.id', 'inbound_attachments.inbound_id')
    .leftJoin('orders', 'orders.id', 'inbound_mail.order_key')
    .select([
      'inbound_attachments.file_name',
      'inbound_attachments.content_type',
      'inbound_attachments.name',
      'orders.order_id',
    ])
    .where('inbound_attachments.id', '=', id)
    .where('inbound_attachments.removed_at', 'is', null)
    .executeTakeFirst();
}
