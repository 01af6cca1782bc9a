import { addMemberSchema, deleteMemberSchema, MSG, SERVER_MSG, updateMemberSchema } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { createTeamService } from './team.service.ts';

const config = { capability: 'team.manage' } as const;

/** Manage Team (SPEC §2, §7): Admin and Manager only. */
export function teamRoutes(app: FastifyInstance, ctx: AppContext) {
  const team = createTeamService(ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/admin/get-team-member-list', { config }, async () => ok('Team members', await team.list()));

  api.get(
    '/admin/team-member-info/:id',
    { config, schema: { params: z.object({ id: z.string().max(64) }) } },
    async (request) => ok('Team member', await team.info(request.params.id)),
  );

  api.get('/admin/get-team-member-type', { config }, async (request) =>
    ok('Member types', team.assignableTypes(request.staff)),
  );

  api.post('/admin/add-team-member', { config, schema: { body: addMemberSchema } }, async (request, reply) => {
    const member = await team.add(request.staff, request.body);
    return reply.code(201).send(ok(SERVER_MSG.memberAdded, member));
  });

  api.post('/admin/update-team-member', { config, schema: { body: updateMemberSchema } }, async (request) =>
    ok(SERVER_MSG.memberUpdated, await team.update(request.staff, request.body)),
  );

  api.put('/admin/delete-team-member', { config, schema: { body: deleteMemberSchema } }, async (request) => {
    await team.remove(request.staff, request.body.teamMemberId);
    return ok(MSG.memberDeleted);
  });
}
