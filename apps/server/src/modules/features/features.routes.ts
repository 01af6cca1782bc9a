import { FEATURES_CONTRACTS, FEATURES_MSG, type Features } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { mailboxConnected } from '../inbox/index.ts';
import { refundsThroughStripe } from '../processor/index.ts';

/** Which parts this installation has set up, each asked of the module that owns it. */
export const featuresOf = (ctx: AppContext): Features => ({
  mailbox: mailboxConnected(ctx),
  stripe: refundsThroughStripe(ctx),
});

/**
 * GET /api/admin/features: the admin hides screens that could never have content here (Unmatched
 * Mail without a mailbox, Fraud Warnings and Failed Refunds without Stripe) and says so at their
 * address. Read from the frozen configuration: the same for the app's whole life.
 */
export function featureRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, FEATURES_CONTRACTS.features, async () => ok(FEATURES_MSG.listed, featuresOf(ctx)));
}
