import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { retryingConflicts } from '../../lib/transaction.ts';
import { assignInOneStatement, unassignInOneStatement } from './holds.pg.ts';
import { moveInOneStatement } from './order-write.pg.ts';
import { moveInTransaction } from './order-write.ts';
import type { OrderWrites } from './order-writes.ts';

/**
 * PostgreSQL's writes: each one statement, its own transaction (holds.pg.ts, order-write.pg.ts),
 * tried again on a serialization failure or a deadlock. A move that one statement could not make
 * runs as SQLite's transaction, which says why.
 */
export function postgresOrderWrites(db: Kysely<Database>): OrderWrites {
  return {
    assign: (staff, orderIds, takeover, at) =>
      retryingConflicts(() => assignInOneStatement(db, staff, orderIds, takeover, at)),
    unassign: (staff, orderIds, anyHolder, at) =>
      retryingConflicts(() => unassignInOneStatement(db, staff, orderIds, anyHolder, at)),
    async moveOne(staff, orderId, to, at) {
      const moved = await retryingConflicts(() => moveInOneStatement(db, staff, orderId, to, at));
      // not moved: the transaction finds out why (or moves it, if the order changed since)
      return moved ?? moveInTransaction(db, staff, orderId, to, at);
    },
  };
}
