import { MSG, SERVER_MSG, TEAM_CONTRACTS as TEAM } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { originOf } from '../../lib/request-origin.ts';
import { route } from '../../lib/route.ts';
import { createTeamService } from './team.service.ts';

/** Manage Team (SPEC §2, §7): Admin and Manager only. */
export function teamRoutes(app: FastifyInstance, ctx: AppContext) {
  const team = createTeamService(ctx);

  route(app, TEAM.list, async () => ok('Team members', await team.list()));

  route(app, TEAM.info, async (request) => ok('Team member', await team.info(request.params.id)));

  route(app, TEAM.types, async (request) => ok('Member types', team.assignableTypes(request.staff)));

  route(app, TEAM.add, async (request, reply) => {
    const member = await team.add(request.staff, request.body, () => request.assertConfirmed(), originOf(request));
    return reply.code(201).send(ok(SERVER_MSG.memberAdded, member));
  });

  route(app, TEAM.update, async (request) =>
    ok(
      SERVER_MSG.memberUpdated,
      await team.update(request.staff, request.body, () => request.assertConfirmed(), originOf(request)),
    ),
  );

  route(app, TEAM.remove, async (request) => {
    await team.remove(request.staff, request.body.teamMemberId, originOf(request));
    return ok(MSG.memberDeleted);
  });
}
