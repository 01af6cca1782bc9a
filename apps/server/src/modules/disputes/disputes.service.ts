import {
  categoryOfReason,
  DISPUTE_MSG,
  type DisputeListQuery,
  type DisputeRecord,
  type DisputeWithCe3,
  estimateRespondBy,
  type OpenDisputeInput,
  RESPONSE_DUE_STATE,
  type TokenUser,
  type UpdateDisputeInput,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { lockOrderForWrite } from '../order-changes/index.ts';
import { ce3ForOrderId, ce3ForOrders } from './ce3.repository.ts';
import { applyDisputeChanges, attachToOrder, type DisputeChanges } from './dispute-writes.ts';
import * as repo from './disputes.repository.ts';
import { toDisputeRecord } from './record.ts';

/** A second dispute with the same processor and id, caught by the unique index when two arrive at once. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** A member's side of the dispute desk (DESIGN §14): open, change, link, list, read. */
export function createDisputeService(ctx: AppContext) {
  const record = (row: repo.DisputeRow) => toDisputeRecord(row, ctx.clock());

  async function open(staff: TokenUser, input: OpenDisputeInput): Promise<DisputeRecord> {
    try {
      return await inTransaction(ctx.transactions, async (trx, tx) => {
        const at = nowIso(ctx.clock);
        // The hold rule and 404 as for every write to an order (DESIGN §6).
        const order = await lockOrderForWrite(trx, staff, input.orderId);
        if (await repo.lockDisputeOfProcessor(trx, input.processor, input.processorDisputeId)) {
          throw AppError.conflict(DISPUTE_MSG.duplicate);
        }
        const openedAt = input.openedAt ?? at;
        const id = await repo.insertDispute(trx, {
          order_key: order.id,
          processor: input.processor,
          processor_dispute_id: input.processorDisputeId,
          reason_code: input.reasonCode,
          reason_category: input.reasonCategory ?? categoryOfReason(input.reasonCode),
          amount_minor: input.amount,
          currency: input.currency,
          opened_at: openedAt,
          respond_by: input.respondBy ?? estimateRespondBy(input.reasonCode, openedAt),
          respond_by_estimated: input.respondBy ? 0 : 1,
          stage: input.stage,
          state: RESPONSE_DUE_STATE,
          source: 'staff',
          created_at: at,
          updated_at: at,
        });
        const row = (await repo.findDispute(trx, id)) as repo.DisputeRow;
        await attachToOrder(trx, tx, row, order, staff, at);
        return record((await repo.findDispute(trx, id)) as repo.DisputeRow);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(DISPUTE_MSG.duplicate);
      throw error;
    }
  }

  /** Changes what the member sent; `orderId` links an unmatched dispute (and moves its order to ChargeBack). */
  async function update(staff: TokenUser, id: number, input: UpdateDisputeInput): Promise<DisputeRecord> {
    return inTransaction(ctx.transactions, async (trx, tx) => {
      const at = nowIso(ctx.clock);
      let row = await repo.lockDispute(trx, id);
      if (!row) throw AppError.notFound(DISPUTE_MSG.notFound);
      let linkTo: { id: number; process_status: string } | null = null;
      if (input.orderId !== undefined && row.public_order_id !== input.orderId) {
        if (row.order_key !== null)
          throw AppError.conflict(DISPUTE_MSG.alreadyLinked, { order_id: row.public_order_id });
        const order = await lockOrderForWrite(trx, staff, input.orderId);
        linkTo = order;
        row = { ...row, order_key: order.id, public_order_id: order.order_id };
      } else if (row.public_order_id !== null) {
        await lockOrderForWrite(trx, staff, row.public_order_id);
      }
      const changes: DisputeChanges = {
        stage: input.stage,
        state: input.state,
        note: input.note === undefined ? undefined : input.note || null,
        evidenceSubmittedAt: input.evidenceSubmittedAt,
        respondBy:
          input.respondBy === undefined
            ? undefined
            : input.respondBy === null
              ? { at: estimateRespondBy(row.reason_code, row.opened_at), estimated: true }
              : { at: input.respondBy, estimated: false },
      };
      // Evidence sent answers the dispute: it waits on the processor now, unless the member says otherwise.
      if (input.evidenceSubmittedAt && input.state === undefined && row.state === RESPONSE_DUE_STATE) {
        changes.state = 'under_review';
      }
      await applyDisputeChanges(trx, tx, row, changes, staff, at, linkTo ? { order_key: linkTo.id } : {});
      const updated = (await repo.findDispute(trx, id)) as repo.DisputeRow;
      if (linkTo) await attachToOrder(trx, tx, updated, linkTo, staff, at);
      return record(updated);
    });
  }

  return {
    open,
    update,
    /** One dispute with its Visa CE 3.0 result (DESIGN §15); an unmatched one has no order to weigh. */
    async get(id: number): Promise<DisputeWithCe3> {
      const row = await repo.findDispute(ctx.db, id);
      if (!row) throw AppError.notFound(DISPUTE_MSG.notFound);
      const ce3 =
        row.order_key === null ? { eligible: false, matches: [] } : await ce3ForOrderId(ctx.db, row.order_key);
      return { ...record(row), ce3 };
    },
    /** A page of disputes, each with Visa CE 3.0 for its order, so the screen shows which qualify. */
    async list(query: DisputeListQuery): Promise<{ data: DisputeWithCe3[]; total: number }> {
      const { page, limit, ...filter } = query;
      const { rows, total } = await repo.listDisputes(ctx.db, filter, { offset: (page - 1) * limit, limit });
      const ce3 = await ce3ForOrders(
        ctx.db,
        rows.flatMap((r) => (r.order_key === null ? [] : [r.order_key])),
      );
      const none = { eligible: false, matches: [] };
      return {
        data: rows.map((r) => ({
          ...record(r),
          ce3: (r.order_key === null ? null : ce3.get(r.order_key)) ?? none,
        })),
        total,
      };
    },
    /** An order's disputes for its detail screen, newest first. */
    async ofOrder(orderDbId: number): Promise<DisputeRecord[]> {
      return (await repo.disputesOfOrder(ctx.db, orderDbId)).map(record);
    },
  };
}
