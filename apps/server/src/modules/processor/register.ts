import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { PaymentProcessor } from './processor.ts';
import { createRefundWorker, type RefundWorker, type RefundWorkerOptions } from './refund-worker.ts';
import { createStripeProcessor } from './stripe-processor.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the payment processor (DESIGN §26); null without STRIPE_SECRET_KEY */
    processor: PaymentProcessor | null;
    /** the refund worker, null without a processor; tests drain it themselves */
    refundWorker: RefundWorker | null;
  }
}

export interface ProcessorOptions {
  /** the refund worker's settings; false: not started (tests drain it) */
  refundWorker?: RefundWorkerOptions | false;
  /** a call to the processor with no answer after this long is a time-out; default 30 s */
  timeoutMs?: number;
}

/** Stripe's calls answer within seconds; a half-minute silence is a time-out, retried with the same key. */
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Makes the processor from the configuration (Stripe when STRIPE_SECRET_KEY is set) and its refund
 * worker, started when the app is ready and stopped before the database closes. Refunds written
 * anywhere in the app wake it once committed (`refunds.requested`).
 */
export function registerProcessor(app: FastifyInstance, ctx: AppContext, options: ProcessorOptions = {}): void {
  const { secretKey, apiUrl } = ctx.config.stripe;
  const processor = secretKey
    ? createStripeProcessor({ secretKey, apiUrl, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS })
    : null;
  const worker = processor
    ? createRefundWorker(ctx, processor, { log: app.log, ...(options.refundWorker || {}) })
    : null;
  app.decorate('processor', processor);
  app.decorate('refundWorker', worker);
  if (!worker) return;
  const unsubscribe = ctx.events.subscribe('refunds.requested', () => worker.kick());
  if (options.refundWorker !== false) app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => {
    unsubscribe();
    await worker.stop();
  });
}
