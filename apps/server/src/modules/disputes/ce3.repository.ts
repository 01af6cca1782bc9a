import { CE3_MAX_DAYS, CE3_MIN_DAYS, type Ce3Order, type Ce3Result, ce3Eligibility, STATUS } from '@eta/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
const DAY_MS = 86_400_000;

/** The order's fields the CE 3.0 rule reads (packages/shared/src/ce3.ts). */
export type Ce3Source = Omit<Ce3Order, 'disputed'> & { id: number };

const COLUMNS = [
  'orders.order_id',
  'orders.created_at',
  'orders.card_fingerprint',
  'orders.purchase_ip',
  'orders.device_id',
  'orders.contact_email_address',
  'orders.address_line1',
  'orders.town_and_city',
  'orders.post_code',
  'orders.country',
] as const;

/** Earlier orders this many at most are weighed: a card used more often than this needs no more proof. */
const CANDIDATES_MAX = 200;

/**
 * Visa CE 3.0 for one order (DESIGN §15): the earlier orders paid with the same card in the window,
 * read through the (card_fingerprint, created_at) index, each marked disputed when it has a dispute
 * of its own or sits in ChargeBack; the shared rule decides. No fingerprint: not eligible, no query.
 */
export async function ce3For(db: Db, order: Ce3Source): Promise<Ce3Result> {
  if (!order.card_fingerprint) return { eligible: false, matches: [] };
  const at = Date.parse(order.created_at);
  const rows = await db
    .selectFrom('orders')
    .select([
      ...COLUMNS,
      sql<number>`case when orders.process_status = ${STATUS.ChargeBack} or exists (select 1 from disputes d where d.order_key = orders.id) then 1 else 0 end`.as(
        'disputed',
      ),
    ])
    .where('orders.card_fingerprint', '=', order.card_fingerprint)
    .where('orders.created_at', '>=', new Date(at - CE3_MAX_DAYS * DAY_MS).toISOString())
    .where('orders.created_at', '<=', new Date(at - CE3_MIN_DAYS * DAY_MS).toISOString())
    .where('orders.id', '<>', order.id)
    .orderBy('orders.created_at')
    .limit(CANDIDATES_MAX)
    .execute();
  return ce3Eligibility(
    order,
    rows.map((r) => ({ ...r, disputed: Number(r.disputed) === 1 })),
  );
}

const NOT_ELIGIBLE: Ce3Result = { eligible: false, matches: [] };

/** The CE 3.0 fields of an order by its database id, for a dispute's own page. */
export async function ce3ForOrderId(db: Db, orderDbId: number): Promise<Ce3Result> {
  return (await ce3ForOrders(db, [orderDbId])).get(orderDbId) ?? NOT_ELIGIBLE;
}

/**
 * CE 3.0 for a page of disputes' orders: their fields in one query, then each card's earlier orders
 * through the index (one small range read per order with a fingerprint; none for the others).
 */
export async function ce3ForOrders(db: Db, orderDbIds: readonly number[]): Promise<Map<number, Ce3Result>> {
  const ids = [...new Set(orderDbIds)];
  if (ids.length === 0) return new Map();
  const orders = await db
    .selectFrom('orders')
    .select(['orders.id', ...COLUMNS])
    .where('orders.id', 'in', ids)
    .execute();
  const results = await Promise.all(orders.map(async (o) => [o.id, await ce3For(db, o)] as const));
  return new Map(results);
}
