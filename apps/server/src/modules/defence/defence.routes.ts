import { ACCESS_ACTION, DEFENCE_CONTRACTS as DEFENCE, DEFENCE_MSG, defencePackFileName } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { readsPersonalData } from '../../lib/personal-data-read.ts';
import { route } from '../../lib/route.ts';
import { createDefenceService } from './defence.service.ts';

/**
 * POST /admin/defence-pack-details, POST /admin/get-defence-pack-pdf (SPEC §7) and
 * GET /admin/defence-letter/{orderId} (the letter the Defence Pack modals show, SPEC §1).
 */
export function defenceRoutes(app: FastifyInstance, ctx: AppContext) {
  const defence = createDefenceService(ctx);

  route(app, DEFENCE.transactionDetails, async (request) => {
    const { message } = await defence.saveTransactionDetails(request.staff, request.body);
    return ok(message);
  });

  route(app, DEFENCE.letter, async (request) => {
    const type = request.query.defencePackType ?? 1;
    const letter = await defence.letter(request.params.orderId, type, request.query.includePassport);
    readsPersonalData(request, ACCESS_ACTION.letter, request.params.orderId, `pack ${type}`);
    return ok(DEFENCE_MSG.letter, letter);
  });

  route(app, DEFENCE.pack, async (request, reply) => {
    const { orderId, defencePackType } = request.body;
    const { bytes, passport: held } = await defence.pack(request.staff, request.body);
    // the access log says what left in the bytes (DESIGN §22), never what was asked for
    const passport = held ? ', passport included' : '';
    readsPersonalData(request, ACCESS_ACTION.pack, orderId, `pack ${defencePackType}${passport}`);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="${defencePackFileName(orderId, defencePackType)}"`)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(bytes);
  });
}
