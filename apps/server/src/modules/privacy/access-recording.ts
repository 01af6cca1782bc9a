import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type {} from '../../lib/personal-data-read.ts';
import { nowIso } from '../../lib/time.ts';
import { createAccessWriter } from './access-writer.ts';

/**
 * The access log's one writer (DESIGN §16): a staff route that hands out personal data marks the
 * request (lib/personal-data-read.ts), and before the reply leaves this hook writes who read what,
 * from where. If the row cannot be written the reply fails instead: nothing personal leaves unrecorded.
 * Refused and failed replies carried nothing, so they are not recorded.
 */
export function recordPersonalDataReads(scope: FastifyInstance, ctx: AppContext): void {
  scope.decorateRequest('personalDataReads', null);
  const writer = createAccessWriter(ctx.transactions);
  scope.addHook('onSend', async (request, reply, payload) => {
    const reads = request.personalDataReads;
    if (!reads || reply.statusCode >= 400 || !request.staff) return payload;
    request.personalDataReads = null;
    const at = nowIso(ctx.clock);
    await writer.write(
      reads.map((read) => ({
        at,
        member_id: request.staff.id,
        ip: request.ip ?? null,
        action: read.action,
        order_id: read.orderId,
        detail: read.detail,
      })),
    );
    return payload;
  });
}
