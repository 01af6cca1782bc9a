import { addRemarkSchema, DETAIL_MSG } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { addRemark } from './remarks.service.ts';

/** POST /admin/add-new-remark (SPEC §3, §7); 201 with the saved remark record. */
export function remarkRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/admin/add-new-remark',
      { config: { capability: 'orders.work' }, schema: { body: addRemarkSchema } },
      async (request, reply) =>
        reply.code(201).send(ok(DETAIL_MSG.remarkAdded, await addRemark(ctx, request.staff, request.body))),
    );
}
