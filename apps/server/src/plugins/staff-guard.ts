import { type Capability, can, type RouteCapability, type TokenUser } from '@eta/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** what a staff route needs; every route in a guarded scope must say it */
    capability?: RouteCapability;
  }
  interface FastifyRequest {
    /** the signed-in staff member, set by the guard on every guarded route */
    staff: TokenUser;
  }
}

/** Reads the token from Authorization, with or without the Bearer prefix (DESIGN §5). */
export function tokenFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization?.trim();
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '');
  return token.length > 0 && token.length < 4096 ? token : null;
}

/**
 * Guards every route registered in `scope`: the token must verify, the member must still exist with
 * the same token version (so password change and deletion revoke), and the member's type must hold
 * the route's capability (DESIGN §7). A route that declares no capability stops the app at start.
 */
export function guardStaffRoutes(scope: FastifyInstance, ctx: AppContext): void {
  scope.decorateRequest('staff', null as unknown as TokenUser);
  scope.addHook('onRoute', (route) => {
    if (!route.config?.capability) throw new Error(`Staff route ${route.method} ${route.url} declares no capability`);
  });
  scope.addHook('onRequest', async (request) => {
    const token = tokenFrom(request);
    const claims = token ? await ctx.tokens.verify(token) : null;
    if (!claims) throw AppError.unauthorized();
    const member = await ctx.members.findActive(claims.user.id);
    if (!member || member.token_version !== claims.ver) throw AppError.unauthorized();
    // The database is the truth for name and type: a changed type takes effect at once.
    request.staff = { id: member.id, name: member.name, email: member.email, type: member.type as TokenUser['type'] };
    const needed = request.routeOptions.config.capability;
    if (needed !== 'signedIn' && !can(request.staff.type, needed as Capability)) throw AppError.forbidden();
  });
}
