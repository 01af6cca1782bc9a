import { type AddRemarkInput, type RemarkRecord, type TokenUser, usEasternStamp } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction, retryingConflicts } from '../../lib/transaction.ts';
import { appendEvents, EVENT } from '../orders/events.repository.ts';
import { remarkInOneStatement } from '../orders/order-write.pg.ts';
import { lockOrderForWrite } from '../orders/order-write.ts';
import * as repo from './remarks.repository.ts';

/** Longest remark text kept in the event log's detail; the remark itself is kept whole. */
const EVENT_DETAIL_MAX = 200;

/**
 * Save Comment (SPEC §2, §3): the remark is the signed-in member's (remarkerName is ignored), dated
 * on the US Eastern clock, and logged in the Activity section. The hold rule applies (DESIGN §6).
 */
export async function addRemark(ctx: AppContext, staff: TokenUser, input: AddRemarkInput): Promise<RemarkRecord> {
  const now = ctx.clock();
  const at = nowIso(() => now);
  const stamp = usEasternStamp(now);
  const values = {
    staff_id: staff.id,
    remark_name: staff.name,
    remark: input.remark,
    whatsapp: input.whatsapp,
    telephone: input.telephone,
    status_refund: input.statusRefund,
    voided: input.voided,
    chargeback: input.chargeBack,
    report_error: input.reportError,
    us_date: stamp.us_date,
    us_time: stamp.us_time,
    created_at: at,
  };
  const detail = input.remark.slice(0, EVENT_DETAIL_MAX);
  const shown = ({ staff_id: _staff, ...rest }: typeof values, id: number, orderId: string): RemarkRecord => ({
    ...rest,
    id,
    order_id: orderId,
  });
  if (ctx.dialect === 'postgres') {
    const saved = await retryingConflicts(() => remarkInOneStatement(ctx.db, staff, input.orderId, values, detail));
    if (saved) return shown(values, saved.id, saved.order_id);
    // not saved: the transaction below finds out why (or saves it, if the order changed since)
  }
  return inTransaction(ctx.db, async (trx) => {
    const order = await lockOrderForWrite(trx, staff, input.orderId);
    const id = await repo.insertRemark(trx, { ...values, order_id: order.id });
    await appendEvents(trx, staff, [{ orderId: order.id, kind: EVENT.remark, from: null, to: null, detail }], at);
    return shown(values, id, order.order_id);
  });
}
