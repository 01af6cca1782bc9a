import { ACCOUNT_MSG, type Capability, can, type RouteCapability, type TokenUser } from '@eta/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** what a staff route needs; every route in a guarded scope must say it */
    capability?: RouteCapability;
    /** open to a member REQUIRE_2FA holds back until they enrol (the contract's access says so) */
    beforeTwoFactor?: true;
  }
  interface FastifyRequest {
    /** the signed-in staff member, set by the guard on every guarded route */
    staff: TokenUser;
    /** the session the token belongs to (DESIGN §17) */
    sessionId: string;
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
 * the same token version (so password change and deletion revoke), its session must still be open
 * (logout and revocation, DESIGN §17), a member whose type REQUIRE_2FA names must have enrolled
 * (but for the routes that lead there), and the member's type must hold the route's capability
 * (DESIGN §7). A route that declares no capability stops the app at start.
 */
export function guardStaffRoutes(scope: FastifyInstance, ctx: AppContext): void {
  scope.decorateRequest('staff', null as unknown as TokenUser);
  scope.decorateRequest('sessionId', '');
  const mustEnrol = (type: string, enrolled: boolean) =>
    !enrolled && (ctx.config.require2fa as readonly string[]).includes(type);
  scope.addHook('onRoute', (route) => {
    if (!route.config?.capability) throw new Error(`Staff route ${route.method} ${route.url} declares no capability`);
  });
  scope.addHook('onRequest', async (request) => {
    const token = tokenFrom(request);
    const claims = token ? await ctx.tokens.verify(token) : null;
    if (!claims) throw AppError.unauthorized();
    const [member, session] = await Promise.all([
      ctx.members.findActive(claims.user.id),
      ctx.sessions.findOpen(claims.sid),
    ]);
    if (!member || member.token_version !== claims.ver) throw AppError.unauthorized();
    if (!session || session.staff_id !== member.id) throw AppError.unauthorized();
    ctx.sessions.touch(session, ctx.clock());
    // The database is the truth for name and type: a changed type takes effect at once.
    request.staff = { id: member.id, name: member.name, email: member.email, type: member.type as TokenUser['type'] };
    request.sessionId = session.id;
    const { config } = request.routeOptions;
    if (!config.beforeTwoFactor && mustEnrol(member.type, member.two_factor_enabled_at !== null)) {
      throw AppError.forbidden(ACCOUNT_MSG.twoFactorRequired);
    }
    const needed = config.capability;
    if (needed !== 'signedIn' && !can(request.staff.type, needed as Capability)) throw AppError.forbidden();
  });
}
