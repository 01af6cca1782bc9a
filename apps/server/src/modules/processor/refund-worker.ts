import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { type PaymentProcessor, ProcessorError } from './processor.ts';
import { noteKeyAccepted, noteKeyRefused } from './processor-status.ts';
import { applyRefundNews, refundStateOf } from './refund-outcome.ts';
import * as repo from './refunds.repository.ts';

export interface RefundWorkerOptions {
  /** how often due refunds are looked for when nobody kicks (ms) */
  pollMs?: number;
  /** how long a claimed refund is ours; past it another worker calls again, with the same key */
  leaseMs?: number;
  batch?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export const REFUND_WORKER_DEFAULTS = { pollMs: 5000, leaseMs: 120_000, batch: 20 } as const;

/** 10 s, 20 s, 40 s …, at most an hour; the same key each time, so a refund is never made twice. */
export function refundBackoffMs(tries: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, tries - 1), 3_600_000);
}

/** The idempotency key of a refund's attempt (DESIGN §26): one refund at Stripe per key. */
export const refundKey = (id: number, attempt: number) => `refund-${id}-${attempt}`;

export interface RefundDrain {
  settled: number;
  retrying: number;
}

/**
 * The refund worker: claims each due refund (one claim per row, under a lease), calls the processor
 * with the attempt's key, and records the answer. A call that got no answer (a dropped connection, a
 * time-out, a 5xx, a 429, a refused key) is made again after a backoff with the same key; a crash
 * between the call and the commit leaves the row claimed, and once the lease runs out the next claim
 * calls again with the same key and records the refund Stripe made the first time.
 */
export function createRefundWorker(ctx: AppContext, processor: PaymentProcessor, options: RefundWorkerOptions = {}) {
  const settings = { ...REFUND_WORKER_DEFAULTS, ...options };
  const token = randomUUID();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<RefundDrain> | null = null;
  let again = false;
  let started = false;

  async function callOnce(row: repo.RefundRow, result: RefundDrain): Promise<void> {
    const id = row.id;
    try {
      const answer = await processor.refund({
        chargeRef: row.charge_ref,
        amountMinor: Number(row.amount_minor),
        currency: row.currency.toLowerCase(),
        idempotencyKey: refundKey(id, Number(row.attempt)),
        metadata: { refund_id: String(id), attempt: String(row.attempt) },
      });
      await inTransaction(ctx.transactions, async (trx, tx) => {
        const locked = await repo.lockRefund(trx, id);
        if (!locked) return;
        const news = {
          state: refundStateOf(answer.status),
          processorRefundId: answer.id,
          failureReason: answer.failureReason,
        };
        await applyRefundNews(ctx, trx, tx, locked, news, nowIso(ctx.clock));
      });
      await noteKeyAccepted(ctx.db, nowIso(ctx.clock));
      result.settled += 1;
    } catch (error) {
      const failure = error instanceof ProcessorError ? error : new ProcessorError('transient', String(error));
      const at = nowIso(ctx.clock);
      if (failure.kind === 'definite') {
        await inTransaction(ctx.transactions, async (trx, tx) => {
          const locked = await repo.lockRefund(trx, id);
          if (!locked || locked.claim_token !== token) return;
          const news = { state: 'failed' as const, processorRefundId: null, failureReason: failure.message };
          await applyRefundNews(ctx, trx, tx, locked, news, at);
        });
        result.settled += 1;
      } else {
        if (failure.kind === 'key') await noteKeyRefused(ctx.db, failure.message, at);
        const tries = Number(row.tries);
        await repo.backOff(
          ctx.db,
          id,
          token,
          failure.message,
          nowIso(() => ctx.clock() + refundBackoffMs(tries)),
          at,
        );
        result.retrying += 1;
      }
      settings.log?.warn(
        { refundId: id, attempt: row.attempt, tries: row.tries, kind: failure.kind, status: failure.status },
        `refund call failed: ${failure.message}`,
      );
    }
  }

  async function drainOnce(): Promise<RefundDrain> {
    const result: RefundDrain = { settled: 0, retrying: 0 };
    const seen = new Set<number>();
    for (;;) {
      const now = nowIso(ctx.clock);
      const ids = (await repo.dueRefundIds(ctx.db, now, settings.batch)).filter((id) => !seen.has(id));
      if (ids.length === 0) return result;
      for (const id of ids) {
        seen.add(id);
        const row = await repo.claimRefund(
          ctx.db,
          id,
          token,
          now,
          nowIso(() => ctx.clock() + settings.leaseMs),
        );
        if (row) await callOnce(row, result);
      }
    }
  }

  function drain(): Promise<RefundDrain> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const total: RefundDrain = { settled: 0, retrying: 0 };
      do {
        again = false;
        const r = await drainOnce();
        total.settled += r.settled;
        total.retrying += r.retrying;
      } while (again);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(delay: number) {
    if (!started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      drain()
        .catch((error) => settings.log?.error({ err: error }, 'refund worker: drain failed'))
        .finally(() => schedule(settings.pollMs));
    }, delay);
    timer.unref();
  }

  return {
    drain,
    kick() {
      if (!started) return;
      if (running) again = true;
      else schedule(0);
    },
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}

export type RefundWorker = ReturnType<typeof createRefundWorker>;
