import { ORDER_EVENT } from '@eta/shared';
import { retryingConflicts, type Transactions } from '../../lib/transaction.ts';
import type { Writer } from '../order-changes/index.ts';
import { announceOrderEvents, type OrderEvent } from '../order-changes/index.ts';
import type { HoldChange } from './bulk.ts';
import { assignInOneStatement, unassignInOneStatement } from './holds.pg.ts';
import { moveInOneStatement } from './move-in-one-statement.pg.ts';
import { moveInTransaction } from './move-in-transaction.ts';
import type { OrderWrites } from './order-writes.ts';

/**
 * The events a one-statement assign or unassign logged in SQL, as appendEvents would have announced
 * them (DESIGN §13: every row of the log is published once committed; the statement was its own
 * transaction, so it is).
 */
function holdEvents(change: HoldChange, staff: Writer, assigning: boolean): OrderEvent[] {
  const changed = new Set(change.changed);
  return change.rows
    .filter((r) => changed.has(r.id))
    .map((r) => {
      const from = r.assigned_to === null ? null : (change.names.get(r.assigned_to) ?? null);
      if (!assigning) return { orderId: r.id, kind: ORDER_EVENT.unassign, from, to: null };
      return {
        orderId: r.id,
        kind: r.assigned_to === null ? ORDER_EVENT.assign : ORDER_EVENT.takeover,
        from,
        to: staff.name,
      };
    });
}

/**
 * PostgreSQL's writes: each one statement, its own transaction (holds.pg.ts, move-in-one-statement.pg.ts),
 * tried again on a serialization failure or a deadlock. A move that one statement could not make
 * runs as SQLite's transaction, which says why.
 */
export function postgresOrderWrites(transactions: Transactions): OrderWrites {
  const { db } = transactions;
  // each statement was its own transaction, committed once it returned: its events are announced at once
  const committed = transactions.committed();
  return {
    async assign(staff, orderIds, takeover, at) {
      const change = await retryingConflicts(() => assignInOneStatement(db, staff, orderIds, takeover, at));
      announceOrderEvents(committed, staff, () => holdEvents(change, staff, true));
      return change;
    },
    async unassign(staff, orderIds, anyHolder, at) {
      const change = await retryingConflicts(() => unassignInOneStatement(db, staff, orderIds, anyHolder, at));
      announceOrderEvents(committed, staff, () => holdEvents(change, staff, false));
      return change;
    },
    async moveOne(staff, orderId, to, at) {
      const moved = await retryingConflicts(() => moveInOneStatement(db, staff, orderId, to, at));
      // not moved: the transaction finds out why (or moves it, if the order changed since)
      if (!moved) return moveInTransaction(transactions, staff, orderId, to, at);
      const events: OrderEvent[] = [{ orderId: moved.id, kind: ORDER_EVENT.status, from: moved.from, to }];
      if (moved.attributed)
        events.push({ orderId: moved.id, kind: ORDER_EVENT.processedBy, from: null, to: staff.name });
      announceOrderEvents(committed, staff, events);
      return { order_id: moved.order_id, from: moved.from };
    },
  };
}
