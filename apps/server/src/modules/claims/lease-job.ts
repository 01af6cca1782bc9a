import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerPeriodicJob } from '../../lib/periodic-job.ts';
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
  registerPeriodicJob(app, {
    name: 'claim lease pass',
    everyMs: options.everyMs ?? EVERY_MS,
    firstMs: options.everyMs ?? EVERY_MS,
    pass: async () => {
      const released = await releaseIdleClaims(ctx);
      if (released > 0) app.log.info({ released }, 'idle claims returned to their folders');
    },
  });
}
