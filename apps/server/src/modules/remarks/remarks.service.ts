import { type AddRemarkInput, type RemarkRecord, type TokenUser, usEasternStamp } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { appendEvents, EVENT } from '../orders/events.repository.ts';
import { lockOrderForWrite } from '../orders/order-write.ts';
import * as repo from './remarks.repository.ts';

/** Longest remark text kept in the event log's detail; the remark itself is kept whole. */
const EVENT_DETAIL_MAX = 200;

/**
 * Save Comment (SPEC §2, §3): the remark is the signed-in member's (remarkerName is ignored), dated
 * on the US Eastern clock, and logged in the Activity section. The hold rule applies (DESIGN §6).
 */
export async function addRemark(ctx: AppContext, staff: TokenUser, input: AddRemarkInput): Promise<RemarkRecord> {
  return inTransaction(ctx.db, async (trx) => {
    const order = await lockOrderForWrite(trx, staff, input.orderId);
    const now = ctx.clock();
    const at = nowIso(() => now);
    const stamp = usEasternStamp(now);
    const record = {
      order_id: order.id,
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
    const id = await repo.insertRemark(trx, record);
    await appendEvents(
      trx,
      staff,
      [
        {
          orderId: order.id,
          kind: EVENT.remark,
          from: null,
          to: null,
          detail: input.remark.slice(0, EVENT_DETAIL_MAX),
        },
      ],
      at,
    );
    const { staff_id: _staff, ...shown } = record;
    return { ...shown, id, order_id: order.order_id };
  });
}
