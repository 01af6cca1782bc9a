import { ORDER_EVENT } from '@eta/shared';
import { sql } from 'kysely';
import { statusLiterals } from '../../db/literals.ts';
import { inTransaction, type Transactions } from '../../lib/transaction.ts';
import { appendEvents } from '../order-changes/index.ts';
import type { ClaimWrites } from './claim-writes.ts';

/**
 * SQLite: the transaction holds the database's write lock, so reading the first free order and
 * taking it cannot interleave with another claim. The statuses are written in (db/literals.ts): one
 * folder's status so the (process_status, created_at) index, whose entries end in the rowid, gives
 * the order read; `urgent`'s three as the IN list of migration 090's partial index (claim-order.ts).
 */
export function sqliteClaimWrites(transactions: Transactions): ClaimWrites {
  return {
    nextOrder: (staff, pick, at) =>
      inTransaction(transactions, async (trx, tx) => {
        const [only] = pick.statuses;
        let query = trx.selectFrom('orders').select(['id', 'order_id']);
        query =
          pick.statuses.length === 1 && only
            ? query.where('process_status', '=', sql.lit(only))
            : query.where('process_status', 'in', statusLiterals(pick.statuses));
        query = query.where('assigned_to', 'is', null);
        // SQLite sorts a null first: an order with no due date is the least urgent
        if (pick.soonestDue) query = query.orderBy(sql`sla_due_at nulls last`);
        const oldest = await query.orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
        if (!oldest) return null;
        const id = oldest.id;
        await trx
          .updateTable('orders')
          .set({ assigned_to: staff.id, updated_at: at })
          .where('id', '=', id)
          .where('assigned_to', 'is', null)
          .execute();
        await appendEvents(tx, staff, [{ orderId: id, kind: ORDER_EVENT.assign, from: null, to: staff.name }], at);
        return { id, order_id: oldest.order_id };
      }),
  };
}
