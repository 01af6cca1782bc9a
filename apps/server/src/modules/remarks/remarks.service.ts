import { type AddRemarkInput, type RemarkRecord, type TokenUser, usEasternStamp } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../lib/time.ts';
import { mayMention, notifyMentions } from '../notifications/index.ts';

/** Longest remark text kept in the event log's detail; the remark itself is kept whole. */
const EVENT_DETAIL_MAX = 200;

/**
 * Save Comment (SPEC §2, §3): the remark is the signed-in member's (remarkerName is ignored), dated
 * on the US Eastern clock, and logged in the Activity section. On an order someone else holds it is
 * a note, which every member with `orders.noteHeld` may leave (DESIGN §23). Each member it mentions
 * (`@` and a name) is notified in the same transaction.
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
  const author = { id: staff.id, name: staff.name };
  const mentions = mayMention(input.remark)
    ? (tx: Parameters<typeof notifyMentions>[0], saved: { orderDbId: number }) =>
        notifyMentions(tx, { author, orderDbId: saved.orderDbId, text: input.remark, at })
    : undefined;
  const saved = await ctx.strategies.remarkWrites.add(staff, input.orderId, values, detail, mentions);
  return shown(values, saved.id, saved.order_id);
}
