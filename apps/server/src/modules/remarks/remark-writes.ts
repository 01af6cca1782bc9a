import { ORDER_EVENT } from '@eta/shared';
import type { Selectable } from 'kysely';
import type { RemarksTable } from '../../db/schema.ts';
import { inTransaction, type Transactions, type TxContext } from '../../lib/transaction.ts';
import { appendEvents, lockOrderForWrite, type Writer } from '../order-changes/index.ts';
import * as repo from './remarks.repository.ts';

/** What a remark row holds besides its id and its order (remarks.service.ts builds it). */
export type RemarkValues = Omit<Selectable<RemarksTable>, 'id' | 'order_key'>;

/**
 * Saving a remark, which SQLite and PostgreSQL make differently to the same effect, as the order
 * writes (orders/order-writes.ts; the same contract suite runs it on both). Picked once in strategies.ts.
 */
export interface RemarkWrites {
  /**
   * Saves a remark on the order when the hold rule allows a note (DESIGN §23: whoever holds it,
   * for a member with `orders.noteHeld`), with its `remark` event (detail: `eventDetail`, at the
   * remark's created_at); 404, or 409 naming the holder, otherwise. `also` runs in the remark's
   * transaction once it is saved (the notifications of its mentions), so both commit or neither.
   */
  add(
    staff: Writer,
    orderId: string,
    values: RemarkValues,
    eventDetail: string,
    also?: AlsoInRemark,
  ): Promise<SavedRemark>;
}

/** Work done in the remark's own transaction, once it is saved. */
export type AlsoInRemark = (tx: TxContext, saved: SavedRemark & { orderDbId: number }) => Promise<unknown>;

export interface SavedRemark {
  id: number;
  order_id: string;
}

declare module '../../context.ts' {
  interface Strategies {
    remarkWrites: RemarkWrites;
  }
}

/**
 * A remark saved in a transaction of plain statements: SQLite's way, and PostgreSQL's when its one
 * statement saved nothing, to find out why (or to save it, if the order changed in between).
 */
export function remarkInTransaction(
  transactions: Transactions,
  staff: Writer,
  orderId: string,
  values: RemarkValues,
  eventDetail: string,
  also?: AlsoInRemark,
): Promise<SavedRemark> {
  return inTransaction(transactions, async (trx, tx) => {
    const order = await lockOrderForWrite(trx, staff, orderId, 'note');
    const id = await repo.insertRemark(trx, { ...values, order_key: order.id });
    const event = { orderId: order.id, kind: ORDER_EVENT.remark, from: null, to: null, detail: eventDetail };
    await appendEvents(tx, staff, [event], values.created_at);
    const saved = { id, order_id: order.order_id };
    if (also) await also(tx, { ...saved, orderDbId: order.id });
    return saved;
  });
}

/** SQLite: the transaction holds the write lock, so the steps are separate statements. */
export function sqliteRemarkWrites(transactions: Transactions): RemarkWrites {
  return {
    add: (staff, orderId, values, eventDetail, also) =>
      remarkInTransaction(transactions, staff, orderId, values, eventDetail, also),
  };
}
