import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What a mail template may read of its order (a WritableOrder already holds all of it). */
export interface MailOrder {
  id: number;
  order_id: string;
  domain: string;
  first_name: string | null;
  sur_name: string | null;
  contact_email_address: string | null;
  amount_minor: number | null;
  currency: string | null;
  refund_date: string | null;
  /** set once its personal data was erased: no mail is made for it (order-mails.ts) */
  personal_erased_at: string | null;
}

/** The orders a mail is about, by orders.id, in id order: read in the transaction that queues it. */
export async function loadMailOrders(db: Db, orderDbIds: readonly number[]): Promise<MailOrder[]> {
  if (orderDbIds.length === 0) return [];
  const rows = await db
    .selectFrom('orders')
    .select([
      'id',
      'order_id',
      'domain',
      'first_name',
      'sur_name',
      'contact_email_address',
      'amount_minor',
      'currency',
      'refund_date',
      'personal_erased_at',
    ])
    .where('id', 'in', [...orderDbIds])
    .orderBy('id')
    .execute();
  return rows.map((o) => ({
    ...o,
    id: o.id,
    amount_minor: o.amount_minor === null ? null : Number(o.amount_minor),
  }));
}
