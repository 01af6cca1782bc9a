import { ORDER_EVENT } from '@eta/shared';
import { sql } from 'kysely';
import { inTransaction, type Transactions } from '../../lib/transaction.ts';
import { appendEvents } from '../order-changes/index.ts';
import type { ClaimWrites } from './claim-writes.ts';

/**
 * SQLite: the transaction holds the database's write lock, so reading the oldest free order and
 * taking it cannot interleave with another claim. The status is written in (db/literals.ts) so the
 * (process_status, created_at) index, whose entries end in the rowid, gives the order read.
 */
export function sqliteClaimWrites(transactions: Transactions): ClaimWrites {
  return {
    nextOrder: (staff, status, at) =>
      inTransaction(transactions, async (trx, tx) => {
        const oldest = await trx
          .selectFrom('orders')
          .select(['id', 'order_id'])
          .where('process_status', '=', sql.lit(status))
          .where('assigned_to', 'is', null)
          .orderBy('created_at')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (!oldest) return null;
        const id = Number(oldest.id);
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
