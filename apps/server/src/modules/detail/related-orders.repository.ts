import { RELATED_ORDERS_MAX, type RelatedMatch, type RelatedOrder } from '@eta/shared';
import { type Compilable, type Kysely, sql } from 'kysely';
import { compiledPerShape } from '../../db/compiled.ts';
import { emailKey, phoneDigitsKey, phoneDigitsOf } from '../../db/customer-keys.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** What ties an order to its customer's others. */
export interface CustomerKeys {
  id: number;
  contact_email_address: string | null;
  phone_number: string | null;
  card_fingerprint: string | null;
}

/** Fewer digits than this are not a number to tie orders by (a placeholder, a typo). */
const PHONE_DIGITS_MIN = 6;

function keysOf(order: CustomerKeys) {
  const email = order.contact_email_address?.toLowerCase() || null;
  const digits = order.phone_number === null ? '' : phoneDigitsOf(order.phone_number);
  return {
    email,
    phone: digits.length >= PHONE_DIGITS_MIN ? digits : null,
    card: order.card_fingerprint || null,
  };
}

/** The keys an order has: which of them its statement asks for. */
type Keys = ReturnType<typeof keysOf>;

/** The orders sharing one of these keys (each non-null), the order `id` left out. */
function othersWithKeys(db: Db, keys: Keys, id: unknown) {
  return db
    .selectFrom('orders')
    .where((eb) =>
      eb.or([
        ...(keys.email !== null ? [eb(emailKey, '=', keys.email)] : []),
        ...(keys.phone !== null ? [eb(phoneDigitsKey, '=', keys.phone)] : []),
        ...(keys.card !== null ? [eb('orders.card_fingerprint', '=', keys.card)] : []),
      ]),
    )
    .where('orders.id', '<>', id as number);
}

/** The statement for these keys: the newest others, with what each shares. */
function queryFor(db: Db, keys: Keys, id: unknown) {
  return othersWithKeys(db, keys, id)
    .select([
      'orders.order_id',
      'orders.process_status',
      'orders.created_at',
      emailKey.as('email_key'),
      phoneDigitsKey.as('phone_key'),
      'orders.card_fingerprint',
    ])
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(sql.lit(RELATED_ORDERS_MAX));
}

/**
 * Whether there is any other: read from the indexes alone, without sorting. Most customers have
 * one order, and SQLite's sort for the ORDER BY costs 14 µs even over no row (issue 37's bench:
 * the related orders were the detail's most costly statement, 118 µs): the full statement runs
 * only when this finds one.
 */
function anyFor(db: Db, keys: Keys, id: unknown) {
  return othersWithKeys(db, keys, id).select('orders.id').limit(sql.lit(1));
}

/**
 * The customer's other orders (DESIGN §23): the same email (any case), phone digits or card
 * fingerprint, through migration 087's indexes and migration 040's, newest first, at most 20. On
 * the hot detail route: index lookups only (test/find-plan.test.ts). Null when the order has no key.
 */
export function relatedOrdersQuery(db: Db, order: CustomerKeys) {
  const keys = keysOf(order);
  if (!keys.email && !keys.phone && !keys.card) return null;
  return { any: anyFor(db, keys, order.id), newest: queryFor(db, keys, order.id) };
}

/** A statement for the keys an order has (each non-null), built by `build`, with its values. */
const perKeys = <R>(build: (db: Db, keys: Keys, id: unknown) => Compilable<R>) =>
  compiledPerShape(
    (shape: Keys) => `${shape.email !== null}|${shape.phone !== null}|${shape.card !== null}`,
    (db, shape, values: Record<string, unknown>) =>
      build(
        db as Db,
        {
          email: shape.email !== null ? (values.email as string) : null,
          phone: shape.phone !== null ? (values.phone as string) : null,
          card: shape.card !== null ? (values.card as string) : null,
        },
        values.id,
      ),
  );

/** Built once per set of keys an order has (db/compiled.ts): the detail is the hottest route. */
const anyQuery = perKeys(anyFor);
const relatedQuery = perKeys(queryFor);

export async function relatedOrdersOf(db: Db, order: CustomerKeys): Promise<RelatedOrder[]> {
  const keys = keysOf(order);
  if (!keys.email && !keys.phone && !keys.card) return [];
  const values = Object.fromEntries(Object.entries({ ...keys, id: order.id }).filter(([, v]) => v !== null)) as Record<
    string,
    unknown
  >;
  if ((await anyQuery(db, keys, values)).length === 0) return [];
  const rows = await relatedQuery(db, keys, values);
  return rows.map((row) => {
    const match: RelatedMatch[] = [];
    if (keys.email && row.email_key === keys.email) match.push('email');
    if (keys.phone && row.phone_key === keys.phone) match.push('phone');
    if (keys.card && row.card_fingerprint === keys.card) match.push('card');
    return { order_id: row.order_id, process_status: row.process_status, created_at: row.created_at, match };
  });
}
