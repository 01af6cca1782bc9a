import { DETAIL_MSG, type HoldWrite, heldMessage, holdBlocks, type TokenUser } from '@eta/shared';
import type { Kysely, Transaction } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import { lockForUpdate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { staffNames } from '../staff/index.ts';

/** Who writes: the member's id and name go into the event log, the type into the hold rule. */
export type Writer = Pick<TokenUser, 'id' | 'name' | 'type'>;

/** What a change to one order needs to know about it. */
export interface WritableOrder {
  id: number;
  order_id: string;
  domain: string;
  process_status: string;
  assigned_to: number | null;
  processed_by: number | null;
  first_name: string | null;
  sur_name: string | null;
  contact_email_address: string | null;
  amount_minor: number | null;
  currency: string | null;
  refund_date: string | null;
  /** set once its personal data was erased (DESIGN §16): it then refuses any mail (§22) */
  personal_erased_at: string | null;
}

const selectOne = (db: Kysely<Database>, orderId: string) =>
  db
    .selectFrom('orders')
    .select([
      'id',
      'order_id',
      'domain',
      'process_status',
      'assigned_to',
      'processed_by',
      'first_name',
      'sur_name',
      'contact_email_address',
      'amount_minor',
      'currency',
      'refund_date',
      'personal_erased_at',
    ])
    .where('order_id', '=', orderId);

const lockOneQuery = compiledOnce((db, orderId: string) => lockForUpdate(db, selectOne(db, orderId)));
const readOneQuery = compiledOnce((db, orderId: string) => selectOne(db, orderId));

/**
 * Every change to one order from the detail screen starts here: the order is locked until the
 * transaction ends (FOR UPDATE on PostgreSQL; SQLite's transaction holds the write lock), 404 when
 * it does not exist, and 409 naming the holder when the hold rule stops this member (DESIGN §6)
 * from this kind of write (`note`: a remark, which the hold lets through, DESIGN §23).
 */
export async function lockOrderForWrite(
  trx: Transaction<Database>,
  staff: Writer,
  orderId: string,
  write: HoldWrite = 'work',
): Promise<WritableOrder> {
  return writable(trx, staff, (await lockOneQuery(trx, orderId))[0], write);
}

/**
 * The same refusals read without a lock or a transaction, for a check before work a refused change
 * must not start (the upload's file is written only for an order it may go to). The lock taken
 * afterwards still decides: the order may change in between.
 */
export async function readOrderForWrite(db: Kysely<Database>, staff: Writer, orderId: string): Promise<WritableOrder> {
  return writable(db, staff, (await readOneQuery(db, orderId))[0]);
}

type OrderRow = Awaited<ReturnType<typeof lockOneQuery>>[number];

async function writable(
  db: Kysely<Database>,
  staff: Writer,
  row: OrderRow | undefined,
  write: HoldWrite = 'work',
): Promise<WritableOrder> {
  if (!row) throw AppError.notFound(DETAIL_MSG.orderNotFound);
  const order: WritableOrder = {
    ...row,
    id: row.id,
    assigned_to: row.assigned_to,
    processed_by: row.processed_by,
    amount_minor: row.amount_minor === null ? null : Number(row.amount_minor),
  };
  await refuseIfHeld(db, staff, order, write);
  return order;
}

/** What the hold rule reads of an order. */
export interface HeldOrder {
  order_id: string;
  process_status: string;
  assigned_to: number | null;
}

/**
 * 409 naming the holder when the hold rule (DESIGN §6) stops this member from this kind of write to
 * the order: the one refusal every write to a held order gives, whichever screen asked (the order
 * page, a list's button). The caller has the order locked, so the hold cannot change before it writes.
 */
export async function refuseIfHeld(
  db: Kysely<Database>,
  staff: Writer,
  order: HeldOrder,
  write: HoldWrite = 'work',
): Promise<void> {
  const assignedTo = order.assigned_to;
  const held = holdBlocks(
    staff.type,
    { process_status: order.process_status, held: assignedTo !== null, heldByMe: assignedTo === staff.id },
    write,
  );
  if (!held) return;
  const names = await staffNames(db, [assignedTo as number]);
  const holder = names.get(assignedTo as number) ?? 'another member';
  throw AppError.conflict(heldMessage(holder), { order_id: order.order_id, assign_to: holder });
}

/** processed_by := `staffId` (DESIGN §6); `onlyIfEmpty` keeps an earlier attribution. True when set. */
export async function setProcessedBy(
  trx: Transaction<Database>,
  orderDbId: number,
  staffId: number,
  onlyIfEmpty: boolean,
  at: string,
): Promise<boolean> {
  let query = trx
    .updateTable('orders')
    .set({ processed_by: staffId, updated_at: at })
    .where('id', '=', orderDbId)
    .where((eb) => eb.or([eb('processed_by', 'is', null), eb('processed_by', '<>', staffId)]));
  if (onlyIfEmpty) query = query.where('processed_by', 'is', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
