import { DETAIL_CONTRACTS, DETAIL_MSG } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { addRemark } from './remarks.service.ts';

/** POST /admin/add-new-remark (SPEC §3, §7); 201 with the saved remark record. */
export function remarkRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, DETAIL_CONTRACTS.addRemark, async (request, reply) =>
    reply.code(201).send(ok(DETAIL_MSG.remarkAdded, await addRemark(ctx, request.staff, request.body))),
  );
}
