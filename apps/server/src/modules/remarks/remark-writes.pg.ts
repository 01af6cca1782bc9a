import { ORDER_EVENT } from '@eta/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { retryingConflicts, type Transactions } from '../../lib/transaction.ts';
import {
  announceOrderEvents,
  eventsInsertSelected,
  remarkableFrom,
  type Writer,
  writable,
} from '../order-changes/index.ts';
import { type RemarkValues, type RemarkWrites, remarkInTransaction, type SavedRemark } from './remark-writes.ts';

/**
 * PostgreSQL: a remark is one statement, its own transaction (a round trip instead of five, issue
 * 8), tried again on a serialization failure or a deadlock. When it saves nothing, SQLite's
 * transaction runs instead and says why. A remark with work of its own to do in its transaction
 * (`also`: the notifications of its mentions) takes that transaction from the start.
 */
export function postgresRemarkWrites(transactions: Transactions): RemarkWrites {
  const { db } = transactions;
  return {
    async add(staff, orderId, values, eventDetail, also) {
      if (also) return remarkInTransaction(transactions, staff, orderId, values, eventDetail, also);
      const saved = await retryingConflicts(() => remarkInOneStatement(db, staff, orderId, values, eventDetail));
      if (!saved) return remarkInTransaction(transactions, staff, orderId, values, eventDetail);
      const event = { orderId: saved.orderDbId, kind: ORDER_EVENT.remark, from: null, to: null, detail: eventDetail };
      announceOrderEvents(transactions.committed(), staff, [event]);
      return { id: saved.id, order_id: saved.order_id };
    },
  };
}

/**
 * Saves a remark on the order when the hold rule allows, with its event, in one statement: the
 * order locked, the remark inserted only when the locked row allows it (order-changes/hold-rule.pg.ts
 * explains the shape), the event logged. Null when nothing was saved.
 */
async function remarkInOneStatement(
  db: Kysely<Database>,
  staff: Writer,
  orderId: string,
  values: RemarkValues,
  eventDetail: string,
): Promise<(SavedRemark & { orderDbId: number }) | null> {
  const v = values;
  const { rows } = await sql<{ id: number; order_id: string; order_db_id: number }>`
    with locked as materialized (
      select id, order_id, process_status, assigned_to from orders where order_id = ${orderId}::text for update
    ), saved as (
      insert into remarks (order_key, staff_id, remark_name, remark, whatsapp, telephone, status_refund, voided,
        chargeback, report_error, us_date, us_time, created_at)
      select locked.id, ${v.staff_id}::integer, ${v.remark_name}::text, ${v.remark}::text, ${v.whatsapp}::text,
        ${v.telephone}::text, ${v.status_refund}::text, ${v.voided}::text, ${v.chargeback}::text,
        ${v.report_error}::text, ${v.us_date}::text, ${v.us_time}::text, ${v.created_at}::text
      from locked where ${writable(remarkableFrom(staff.type), staff.id)}
      returning id, order_key
    ), logged as (${eventsInsertSelected(
      { staffId: staff.id, staffName: staff.name, at: v.created_at },
      {
        each: {
          orderId: sql`order_key`,
          kind: sql`${ORDER_EVENT.remark}::text`,
          from: sql`null`,
          to: sql`null`,
          detail: sql`${eventDetail}::text`,
        },
        source: sql`from saved`,
      },
    )})
    select saved.id, locked.order_id, locked.id as order_db_id from saved join locked on locked.id = saved.order_key`.execute(
    db,
  );
  const row = rows[0];
  return row ? { id: row.id, order_id: row.order_id, orderDbId: row.order_db_id } : null;
}
