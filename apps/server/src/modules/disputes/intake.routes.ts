import { DISPUTE_INTAKE_CONTRACTS, DISPUTE_MSG, FRAUD_MSG, type IntakeResult } from '@eta/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { createIntakeService } from './intake.service.ts';
import { intakeOfRelay, verifyRelay } from './relay-intake.ts';
import { intakeOfStripe, verifyStripeEvent } from './stripe-intake.ts';

const MESSAGE: Record<IntakeResult['outcome'], string> = {
  created: DISPUTE_MSG.received,
  updated: DISPUTE_MSG.received,
  stale: DISPUTE_MSG.received,
  replayed: DISPUTE_MSG.replayed,
  ignored: DISPUTE_MSG.ignored,
};

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Processors' dispute events (DESIGN §14), outside the staff guard. JSON arrives as raw bytes in this
 * scope only: a signature covers the exact bytes sent, so nothing is parsed before it is verified.
 * Every verified event is answered 200, even one that finds no order (it is kept unmatched): a
 * processor retries anything else for days.
 */
export async function disputeIntakeRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  /** the Stripe events that are not disputes (refunds, early fraud warnings, DESIGN §26); null: not handled */
  otherStripeEvents: (verified: unknown) => Promise<IntakeResult | null> = async () => null,
) {
  const intake = createIntakeService(ctx);
  const { stripeSecret, relaySecret } = ctx.config.disputeWebhooks;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const rawOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));

  route(app, DISPUTE_INTAKE_CONTRACTS.stripe, async (request) => {
    const event = verifyStripeEvent(rawOf(request), header(request, 'stripe-signature'), stripeSecret, ctx.clock());
    const mapped = intakeOfStripe(event);
    if (!mapped) {
      const other = await otherStripeEvents(event);
      if (!other) return ok(MESSAGE.ignored, { outcome: 'ignored', dispute_id: null, matched: false });
      const type = (event as { type: string }).type;
      // Nothing of ours (a refund no row knows, a charge no order has): answered 200 so Stripe stops
      // retrying, and logged, so an operator can see what came in and matched nothing (issue 36).
      if (other.outcome === 'ignored') request.log.warn({ type }, 'stripe event: not a refund of this desk');
      else if (!other.matched) request.log.warn({ type }, 'stripe event: no order has its charge');
      const unmatched = type.startsWith('radar.') ? FRAUD_MSG.unmatched : DISPUTE_MSG.unmatched;
      return ok(other.matched || other.outcome === 'ignored' ? MESSAGE[other.outcome] : unmatched, other);
    }
    const result = await intake.apply(mapped);
    return ok(
      result.matched || result.outcome === 'replayed' ? MESSAGE[result.outcome] : DISPUTE_MSG.unmatched,
      result,
    );
  });

  route(app, DISPUTE_INTAKE_CONTRACTS.relay, async (request) => {
    const raw = rawOf(request);
    verifyRelay(raw, header(request, 'x-signature'), relaySecret, ctx.clock());
    const result = await intake.apply(intakeOfRelay(raw, ctx.clock()));
    return ok(
      result.matched || result.outcome === 'replayed' ? MESSAGE[result.outcome] : DISPUTE_MSG.unmatched,
      result,
    );
  });
}
