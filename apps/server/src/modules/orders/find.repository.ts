import { type Kysely, sql, type Transaction } from 'kysely';
import { emailKey, phoneDigitsKey } from '../../db/customer-keys.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What Find shows of an order, and its search text to tell whether the text search found it too. */
export interface FoundRow {
  order_id: string;
  first_name: string | null;
  sur_name: string | null;
  contact_email_address: string | null;
  phone_number: string | null;
  process_status: string;
  assign_to: string | null;
  sla_due_at: string | null;
  created_at: string;
  search_text: string;
}

/** The exact keys a query may be (find.service.ts decides which it can be). */
export interface ExactKeys {
  /** the text as typed and upper-cased: order ids are mostly written in capitals */
  orderIds: readonly string[];
  /** payment_reference and transaction_id, as typed */
  reference: string;
  /** the email, lower-cased, when the text is one */
  email: string | null;
  /** the phone's digits, when the text is a phone number */
  phoneDigits: string | null;
}

/** Exact matches gathered at most: more are still counted by the text search when they hold the text. */
export const EXACT_ROWS_MAX = 100;

/**
 * The orders matching any exact key, each read through its own index (the order id's unique index,
 * migration 030's partial indexes of payment_reference and transaction_id, migration 087's of the
 * email and phone digits): one statement whose OR both databases answer as a union of index lookups
 * (test/find-plan.test.ts).
 */
export function exactMatchesQuery(db: Db, keys: ExactKeys) {
  return db
    .selectFrom('orders')
    .select([
      'orders.order_id',
      'orders.first_name',
      'orders.sur_name',
      'orders.contact_email_address',
      'orders.phone_number',
      'orders.process_status',
      sql<string | null>`(select s.name from staff s where s.id = orders.assigned_to)`.as('assign_to'),
      'orders.sla_due_at',
      'orders.created_at',
      'orders.search_text',
    ])
    .where((eb) =>
      eb.or([
        ...(keys.orderIds.length === 0 ? [] : [eb('orders.order_id', 'in', [...keys.orderIds])]),
        eb('orders.payment_reference', '=', keys.reference),
        eb('orders.transaction_id', '=', keys.reference),
        ...(keys.email === null ? [] : [eb(emailKey, '=', keys.email)]),
        ...(keys.phoneDigits === null ? [] : [eb(phoneDigitsKey, '=', keys.phoneDigits)]),
      ]),
    )
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(EXACT_ROWS_MAX);
}

export async function exactMatches(db: Db, keys: ExactKeys): Promise<FoundRow[]> {
  return (await exactMatchesQuery(db, keys).execute()) as FoundRow[];
}
