import { ORDER_EVENT } from '@eta/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inTransaction, type Transactions, type TxContext } from '../../lib/transaction.ts';
import type { Writer } from '../order-changes/index.ts';
import { appendEvents, type OrderEvent } from '../order-changes/index.ts';
import { staffNames } from '../staff/index.ts';
import type { HoldChange } from './bulk.ts';
import { moveInTransaction } from './move-in-transaction.ts';
import type { OrderWrites } from './order-writes.ts';
import * as repo from './orders.repository.ts';

/** SQLite's writes: the transaction holds the write lock, so the steps are separate statements. */
export function sqliteOrderWrites(transactions: Transactions): OrderWrites {
  return {
    assign: (staff, orderIds, takeover, at) =>
      inTransaction(transactions, (trx, tx) => assignInTransaction(trx, tx, staff, orderIds, takeover, at)),
    unassign: (staff, orderIds, anyHolder, at) =>
      inTransaction(transactions, (trx, tx) => unassignInTransaction(trx, tx, staff, orderIds, anyHolder, at)),
    moveOne: (staff, orderId, to, at) => moveInTransaction(transactions, staff, orderId, to, at),
  };
}

async function assignInTransaction(
  trx: Transaction<Database>,
  tx: TxContext,
  staff: Writer,
  orderIds: readonly string[],
  takeover: boolean,
  at: string,
): Promise<HoldChange> {
  const rows = await repo.lockByOrderIds(trx, orderIds);
  const free = rows.filter((r) => r.assigned_to === null);
  const others = rows.filter((r) => r.assigned_to !== null && r.assigned_to !== staff.id);
  const targets = [...free, ...(takeover ? others : [])];
  const changed = await repo.assignTo(
    trx,
    targets.map((r) => r.id),
    staff.id,
    takeover ? others.map((r) => r.assigned_to as number) : [],
    at,
  );
  const names = await staffNames(
    trx,
    others.map((r) => r.assigned_to as number),
  );
  const taken = new Set(changed);
  const events: OrderEvent[] = targets
    .filter((r) => taken.has(r.id))
    .map((r) =>
      r.assigned_to === null
        ? { orderId: r.id, kind: ORDER_EVENT.assign, from: null, to: staff.name }
        : { orderId: r.id, kind: ORDER_EVENT.takeover, from: names.get(r.assigned_to) ?? null, to: staff.name },
    );
  await appendEvents(tx, staff, events, at);
  return { rows, changed, names };
}

async function unassignInTransaction(
  trx: Transaction<Database>,
  tx: TxContext,
  staff: Writer,
  orderIds: readonly string[],
  anyHolder: boolean,
  at: string,
): Promise<HoldChange> {
  const rows = await repo.lockByOrderIds(trx, orderIds);
  const held = rows.filter((r) => r.assigned_to !== null);
  const allowed = held.filter((r) => r.assigned_to === staff.id || anyHolder);
  const changed = await repo.unassignFrom(
    trx,
    allowed.map((r) => r.id),
    [...new Set(allowed.map((r) => r.assigned_to as number))],
    at,
  );
  const names = await staffNames(
    trx,
    held.map((r) => r.assigned_to as number),
  );
  const cleared = new Set(changed);
  await appendEvents(
    tx,
    staff,
    allowed
      .filter((r) => cleared.has(r.id))
      .map((r) => ({
        orderId: r.id,
        kind: ORDER_EVENT.unassign,
        from: names.get(r.assigned_to as number) ?? null,
        to: null,
      })),
    at,
  );
  return { rows, changed, names };
}
