import { createHash, timingSafeEqual } from 'node:crypto';
import { INGEST_CONTRACTS, ORDER_MSG } from '@eta/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { createIngestService } from './ingest.service.ts';

/**
 * A batch may carry passport and selfie images as base64 (up to 10 MB each, a third more encoded):
 * this route alone accepts bodies this large. Bigger imports go through `npm run import`.
 */
export const INGEST_BODY_LIMIT = 64 * 1024 * 1024;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Equal-length digests compared in constant time: the key's length and content leak nothing. */
export function apiKeyMatches(given: string | undefined, expected: string | null): boolean {
  if (!expected || typeof given !== 'string' || given.length === 0) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

/** POST /api/integrations/orders: the application websites' way in, guarded by X-Api-Key (DESIGN §4). */
export function ingestRoutes(app: FastifyInstance, ctx: AppContext) {
  const ingest = createIngestService(ctx);

  // Checked before the body is read, so a caller without the key cannot make us parse 64 MB.
  const requireKey = async (request: FastifyRequest) => {
    const header = request.headers['x-api-key'];
    if (!apiKeyMatches(Array.isArray(header) ? undefined : header, ctx.config.ingestApiKey)) {
      throw AppError.unauthorized(ORDER_MSG.ingestKeyRefused);
    }
  };

  route(
    app,
    INGEST_CONTRACTS.orders,
    async (request, reply) => {
      const outcome = await ingest.ingest(request.body.orders, { source: 'api' });
      const data = { created: outcome.created, duplicates: outcome.duplicates };
      return reply.code(outcome.created.length > 0 ? 201 : 200).send(ok(outcome.message, data));
    },
    { bodyLimit: INGEST_BODY_LIMIT, onRequest: requireKey },
  );
}
