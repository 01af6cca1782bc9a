import { ORDER_EVENT } from '@eta/shared';
import { sql } from 'kysely';
import { retryingConflicts, type Transactions } from '../../lib/transaction.ts';
import { announceOrderEvents, eventsInsertSelected } from '../order-changes/index.ts';
import { pickedOrder, pickedStatuses } from './claim-order.ts';
import type { ClaimWrites } from './claim-writes.ts';

/*
 * PostgreSQL: one statement, its own transaction (a round trip, as the assign of holds.pg.ts). The
 * first free order of the pick (the oldest, or for `urgent` the soonest due) is locked with FOR UPDATE SKIP LOCKED: an order another member's
 * statement is taking this instant is passed over rather than waited for, and one that was taken
 * and committed since this statement's snapshot is re-read locked, found held and skipped too (the
 * lock re-checks `assigned_to is null` on the row's newest version), so the next one is taken. Two
 * members never get the same order and neither waits for the other. The event is logged in the same
 * statement and announced once it is committed.
 */
export function postgresClaimWrites(transactions: Transactions): ClaimWrites {
  const { db } = transactions;
  return {
    async nextOrder(staff, pick, at) {
      const logged = { staffId: staff.id, staffName: staff.name, at };
      const claimed = await retryingConflicts(async () => {
        const { rows } = await sql<{ id: number; order_id: string }>`
          with picked as materialized (
            select id from orders
            where ${pickedStatuses(pick)} and assigned_to is null
            order by ${pickedOrder(pick)}
            limit 1
            for update skip locked
          ), changed as (
            update orders set assigned_to = ${staff.id}::integer, updated_at = ${at}::text
            from picked
            where orders.id = picked.id and orders.assigned_to is null
            returning orders.id, orders.order_id
          ), logged as (${eventsInsertSelected(logged, {
            each: {
              orderId: sql`changed.id`,
              kind: sql`${ORDER_EVENT.assign}::text`,
              from: sql`null`,
              to: sql`${staff.name}::text`,
            },
            source: sql`from changed`,
          })})
          select id, order_id from changed`.execute(db);
        return rows[0];
      });
      if (!claimed) return null;
      const id = claimed.id;
      announceOrderEvents(transactions.committed(), staff, [
        { orderId: id, kind: ORDER_EVENT.assign, from: null, to: staff.name },
      ]);
      return { id, order_id: claimed.order_id };
    },
  };
}
