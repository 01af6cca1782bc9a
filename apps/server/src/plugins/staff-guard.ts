import { ACCOUNT_MSG, type Capability, can, type RouteCapability, type TokenUser } from '@eta/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { StaffSessionRow } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import { assertConfirmed, freshSession, openedWithSecondFactor } from '../lib/session-rules.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** what a staff route needs; every route in a guarded scope must say it */
    capability?: RouteCapability;
    /** open to a member REQUIRE_2FA holds back until they enrol (the contract's access says so) */
    beforeTwoFactor?: true;
    /** needs a "confirm it is you" made in the last REAUTH_MINUTES (the contract's access says so) */
    reauth?: true;
  }
  interface FastifyRequest {
    /** the signed-in staff member, set by the guard on every guarded route */
    staff: TokenUser;
    /** the session the token belongs to (DESIGN §17) */
    sessionId: string;
    /**
     * Passes when the session confirmed it is its member in the last REAUTH_MINUTES, else throws
     * the 403 asking for it (DESIGN §22): for the rules that depend on the body (an Admin changed)
     */
    assertConfirmed(): Promise<void>;
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
 * (logout and revocation, DESIGN §17), a member whose type REQUIRE_2FA names must be on a session
 * opened with a second factor (but for the routes that lead there: DESIGN §22 judges it on the
 * session, not the member, so a password-only session stays held back after its member enrols
 * elsewhere), the member's type must hold the route's capability (DESIGN §7), and a route that
 * needs it must come from a session that confirmed it is its member lately (DESIGN §22). A route
 * that declares no capability stops the app at start.
 */
export function guardStaffRoutes(scope: FastifyInstance, ctx: AppContext): void {
  scope.decorateRequest('staff', null as unknown as TokenUser);
  scope.decorateRequest('sessionId', '');
  scope.decorateRequest('assertConfirmed', async () => {});
  const required = (type: string) => (ctx.config.require2fa as readonly string[]).includes(type);
  /** held back until the session has a second factor; a kept copy is read again before refusing */
  const heldBack = async (session: StaffSessionRow) =>
    !openedWithSecondFactor(session) &&
    !(await freshSession(ctx.sessions, session.id).then((fresh) => fresh && openedWithSecondFactor(fresh)));
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
    request.assertConfirmed = () => assertConfirmed(ctx.sessions, session, ctx.clock());
    const { config } = request.routeOptions;
    if (!config.beforeTwoFactor && required(member.type) && (await heldBack(session))) {
      throw AppError.forbidden(ACCOUNT_MSG.twoFactorRequired);
    }
    const needed = config.capability;
    if (needed !== 'signedIn' && !can(request.staff.type, needed as Capability)) throw AppError.forbidden();
    if (config.reauth) await request.assertConfirmed();
  });
}
