import {
  FRAUD_MSG,
  type FraudWarningListQuery,
  type FraudWarningRecord,
  type FraudWarningState,
  type IntakeResult,
  ORDER_EVENT,
  type TokenUser,
} from '@eta/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { lockForUpdate } from '../../db/dialect.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { appendEvents, refuseIfHeld } from '../order-changes/index.ts';
import { refundElsewhere, writeRefunds } from './refund-requests.ts';
import * as repo from './refunds.repository.ts';

export const FRAUD_WARNING_EVENTS = ['radar.early_fraud_warning.created', 'radar.early_fraud_warning.updated'] as const;

const idOrObject = z
  .union([z.string().min(1).max(255), z.object({ id: z.string().min(1).max(255) })])
  .transform((v) => (typeof v === 'string' ? v : v.id));

/** What we read of Stripe's early fraud warning object. */
export const fraudWarningSchema = z.object({
  id: z.string().min(1).max(255),
  actionable: z.boolean(),
  charge: idOrObject,
  payment_intent: idOrObject.nullish(),
  fraud_type: z.string().min(1).max(100),
  created: z.number().int().min(0),
});
type StripeWarning = z.infer<typeof fraudWarningSchema>;

/**
 * Records Stripe's warning, matched to the order whose payment_reference is its charge or payment
 * intent; none: kept unmatched (logged, answered 200, so Stripe does not retry for days). An older
 * event than the one applied changes nothing; a decision made on the warning is kept.
 */
export async function applyFraudWarning(
  ctx: AppContext,
  warning: StripeWarning,
  eventAt: string,
): Promise<IntakeResult> {
  return inTransaction(ctx.transactions, async (trx, tx) => {
    const at = nowIso(ctx.clock);
    const refs = [warning.charge, ...(warning.payment_intent ? [warning.payment_intent] : [])];
    const order = await trx
      .selectFrom('orders')
      .select(['id'])
      .where('payment_reference', 'in', refs)
      .executeTakeFirst();
    const existing = await lockForUpdate(
      trx,
      trx
        .selectFrom('fraud_warnings')
        .selectAll()
        .where('processor', '=', 'stripe')
        .where('processor_warning_id', '=', warning.id),
    ).executeTakeFirst();
    const fields = {
      order_key: order ? order.id : null,
      charge_ref: warning.charge,
      fraud_type: warning.fraud_type,
      actionable: warning.actionable ? 1 : 0,
      warned_at: new Date(warning.created * 1000).toISOString(),
      processor_event_at: eventAt,
      updated_at: at,
    };
    if (existing) {
      if (existing.processor_event_at > eventAt)
        return { outcome: 'stale', dispute_id: null, matched: existing.order_key !== null };
      await trx.updateTable('fraud_warnings').set(fields).where('id', '=', existing.id).execute();
      return { outcome: 'updated', dispute_id: null, matched: fields.order_key !== null };
    }
    await trx
      .insertInto('fraud_warnings')
      .values({ ...fields, processor: 'stripe', processor_warning_id: warning.id, state: 'open', created_at: at })
      .execute();
    if (order) {
      await appendEvents(
        tx,
        null,
        [
          {
            orderId: order.id,
            kind: ORDER_EVENT.fraudWarning,
            from: null,
            to: warning.fraud_type,
            detail: `Stripe · ${warning.id}`,
          },
        ],
        at,
      );
    }
    return { outcome: 'created', dispute_id: null, matched: order !== undefined };
  });
}

/** The warnings with whether the order's eTA was ever downloaded (never: Refund now comes first). */
const recordQuery = (ctx: AppContext) =>
  ctx.db
    .selectFrom('fraud_warnings')
    .leftJoin('orders', 'orders.id', 'fraud_warnings.order_key')
    .select([
      'fraud_warnings.id',
      'fraud_warnings.processor_warning_id',
      'orders.order_id',
      'fraud_warnings.charge_ref',
      'fraud_warnings.fraud_type',
      'fraud_warnings.actionable',
      'fraud_warnings.warned_at',
      'fraud_warnings.state',
      'fraud_warnings.keep_reason',
      'fraud_warnings.decided_by_name',
      'fraud_warnings.decided_at',
      sql<number>`(select count(*) from download_history d where d.order_key = fraud_warnings.order_key)`.as(
        'downloads',
      ),
    ]);

type RecordRow = Awaited<ReturnType<ReturnType<typeof recordQuery>['execute']>>[number];
const toRecord = (r: RecordRow): FraudWarningRecord => ({
  id: r.id,
  processor_warning_id: r.processor_warning_id,
  order_id: r.order_id,
  charge_ref: r.charge_ref,
  fraud_type: r.fraud_type,
  actionable: Number(r.actionable) === 1,
  warned_at: r.warned_at,
  state: r.state as FraudWarningState,
  keep_reason: r.keep_reason,
  decided_by_name: r.decided_by_name,
  decided_at: r.decided_at,
  never_downloaded: r.order_id !== null && r.downloads === 0,
});

export function createFraudWarningService(ctx: AppContext) {
  const one = async (id: number) => {
    const row = await recordQuery(ctx).where('fraud_warnings.id', '=', id).executeTakeFirst();
    if (!row) throw AppError.notFound(FRAUD_MSG.notFound);
    return toRecord(row);
  };

  /** Locks an open warning for a decision: 404 unknown, 409 already decided. */
  async function lockOpen(trx: Parameters<Parameters<typeof inTransaction>[1]>[0], id: number) {
    const row = await lockForUpdate(
      trx,
      trx.selectFrom('fraud_warnings').selectAll().where('id', '=', id),
    ).executeTakeFirst();
    if (!row) throw AppError.notFound(FRAUD_MSG.notFound);
    if (row.state !== 'open') throw AppError.conflict(FRAUD_MSG.decided);
    return row;
  }

  return {
    one,
    /** One page, newest first, and how many there are in all (the dashboard's open count is that total). */
    async list(query: FraudWarningListQuery): Promise<{ data: FraudWarningRecord[]; total: number }> {
      const { state, page, limit } = query;
      let rows = recordQuery(ctx)
        .orderBy('fraud_warnings.warned_at', 'desc')
        .orderBy('fraud_warnings.id', 'desc')
        .offset((page - 1) * limit)
        .limit(limit);
      let count = ctx.db.selectFrom('fraud_warnings').select((eb) => eb.fn.countAll<number>().as('n'));
      if (state) {
        rows = rows.where('fraud_warnings.state', '=', state);
        count = count.where('state', '=', state);
      }
      const [found, counted] = await Promise.all([rows.execute(), count.executeTakeFirstOrThrow()]);
      return { data: found.map(toRecord), total: counted.n };
    },
    /** Refund now: what remains of the order, through Stripe, tied to the warning. */
    async refund(staff: TokenUser, id: number): Promise<{ record: FraudWarningRecord; refunded: boolean }> {
      const refunded = await inTransaction(ctx.transactions, async (trx, tx) => {
        const warning = await lockOpen(trx, id);
        if (warning.order_key === null) throw AppError.conflict(FRAUD_MSG.noOrder);
        // The order locked as a manual refund and a retry lock it, so what remains is weighed with no
        // other refund of it being written meanwhile: two asks at once never refund more than was paid.
        // The warning before the order: nothing locks an order and then its warning.
        const order = await repo.lockRefundableOrderById(trx, warning.order_key);
        if (!order) throw AppError.conflict(FRAUD_MSG.noOrder);
        await refuseIfHeld(trx, staff, order);
        // Paid elsewhere (or Stripe not connected): say where its refund is made, not that there is none.
        const why = refundElsewhere(ctx, order);
        if (why) throw AppError.conflict(why);
        const held = (await repo.heldByOrder(trx, [order.id])).get(order.id) ?? 0;
        const remaining = (order.amount_minor as number) - held;
        const at = nowIso(ctx.clock);
        if (remaining > 0)
          await writeRefunds(ctx, trx, tx, staff, [{ order, amountMinor: remaining, fraudWarningId: id }], at);
        await decide(trx, tx, staff, warning, 'refunded', null, at);
        return remaining > 0;
      });
      return { record: await one(id), refunded };
    },
    async keep(staff: TokenUser, id: number, reason: string) {
      await inTransaction(ctx.transactions, async (trx, tx) => {
        const warning = await lockOpen(trx, id);
        await decide(trx, tx, staff, warning, 'kept', reason, nowIso(ctx.clock));
      });
      return one(id);
    },
  };
}

async function decide(
  trx: Parameters<Parameters<typeof inTransaction>[1]>[0],
  tx: Parameters<Parameters<typeof inTransaction>[1]>[1],
  staff: TokenUser,
  warning: { id: number; order_key: number | null; processor_warning_id: string },
  state: 'refunded' | 'kept',
  reason: string | null,
  at: string,
) {
  await trx
    .updateTable('fraud_warnings')
    .set({
      state,
      keep_reason: reason,
      decided_by: staff.id,
      decided_by_name: staff.name,
      decided_at: at,
      updated_at: at,
    })
    .where('id', '=', warning.id)
    .execute();
  if (warning.order_key !== null)
    await appendEvents(
      tx,
      staff,
      [
        {
          orderId: warning.order_key,
          kind: ORDER_EVENT.fraudWarning,
          from: 'open',
          to: state,
          detail: reason ?? `Stripe · ${warning.processor_warning_id}`,
        },
      ],
      at,
    );
}
