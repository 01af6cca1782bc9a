import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { releaseIdleClaims } from './lease.ts';

/** how often idle claims are looked for: a claim comes back within a minute of its lease ending */
const EVERY_MS = 60_000;

export interface ClaimLeaseJobOptions {
  /** the period; tests of the job's wiring shorten it */
  everyMs?: number;
}

/**
 * The claim lease's job (DESIGN §18): a pass every minute on every instance, each pass cheap (the
 * held orders only) and safe beside another instance's (lease.ts), so no instance needs to be the
 * one. CLAIM_IDLE_MINUTES=0 turns it off; tests build the app without it and call releaseIdleClaims.
 */
export function registerClaimLeaseJob(app: FastifyInstance, ctx: AppContext, options: ClaimLeaseJobOptions = {}): void {
  if (ctx.config.claimIdleMinutes <= 0) return;
  const everyMs = options.everyMs ?? EVERY_MS;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    running = releaseIdleClaims(ctx)
      .then((released) => {
        if (released > 0) app.log.info({ released }, 'idle claims returned to their folders');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'claim lease pass failed; the next one tries again'))
      .finally(() => {
        running = null;
        if (timer !== null) timer = setTimeout(tick, everyMs).unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, everyMs).unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    await running;
  });
}
