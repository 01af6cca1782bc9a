import { ORDER_EVENT } from '@eta/shared';
import { appendEvents } from '../order-changes/index.ts';
import type { ArrivalWrites } from './arrival-writes.ts';
import { insertOrders } from './ingest.repository.ts';

/** SQLite: the orders in statements of a hundred rows, then their events; the transaction holds the write lock. */
export const sqliteArrivalWrites: ArrivalWrites = {
  async insert(trx, tx, orders, source, at) {
    const rows = await insertOrders(trx, orders);
    const statusOf = new Map(orders.map((o) => [o.order_id, o.process_status]));
    await appendEvents(
      tx,
      null,
      rows.map((r) => ({
        orderId: r.id,
        kind: ORDER_EVENT.created,
        from: null,
        to: statusOf.get(r.order_id) ?? null,
        detail: source,
      })),
      at,
    );
    return rows;
  },
};
