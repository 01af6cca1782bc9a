import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MSG,
  AUDIT_ACTION,
  can,
  canManageMember,
  decodeId,
  deviceLabel,
  type Role,
  SERVER_MSG,
  type SessionRecord,
  type TokenUser,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import type { StaffRow, StaffSessionRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { factorsOf, type SecondFactor } from '../../lib/session-rules.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { describeUserAgent, USER_AGENT_MAX } from '../../lib/user-agent.ts';
import { recordAudit } from '../privacy/index.ts';
import { staffRepo } from '../staff/index.ts';
import * as sessionsRepo from './sessions.repository.ts';

/** Where a sign-in came from, as the session list shows it. */
export interface SignInOrigin {
  ip: string | null;
  userAgent: string | null;
}

const toRecord = (row: StaffSessionRow, currentSid: string | null): SessionRecord => ({
  id: row.id,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  ip: row.ip,
  device: deviceLabel(describeUserAgent(row.user_agent)),
  userAgent: row.user_agent,
  current: row.id === currentSid,
});

/** Sessions (DESIGN §17): one per sign-in; the token carries its id and dies with it. */
export function createSessionsService(ctx: AppContext) {
  const { db } = ctx;

  /** this instance forgets them now; the others hear it from the database (session-source.ts) */
  const announceRevoked = (memberId: number, sessionIds: readonly string[]) =>
    ctx.events.publish('session.revoked', { memberId, sessionIds });

  /** Who a caller may see and end the sessions of: themselves, or a member within their team.manage limits. */
  function mayManage(caller: TokenUser, member: StaffRow): boolean {
    if (member.id === caller.id) return true;
    return can(caller.type, 'team.manage') && canManageMember(caller.type, member.type as Role);
  }

  return {
    /** A new session and its token, for a member who has proved who they are (`second`: with which code, if any). */
    async start(
      member: StaffRow,
      origin: SignInOrigin,
      second: SecondFactor | null,
    ): Promise<{ jwtToken: string; sessionId: string }> {
      const now = ctx.clock();
      const at = new Date(now).toISOString();
      const session: StaffSessionRow = {
        id: randomBytes(18).toString('base64url'),
        staff_id: member.id,
        created_at: at,
        last_seen_at: at,
        expires_at: new Date(now + ctx.config.tokenTtlSeconds * 1000).toISOString(),
        ip: origin.ip?.slice(0, 64) ?? null,
        user_agent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        revoked_at: null,
        factors: factorsOf(second),
        confirmed_at: null,
      };
      await sessionsRepo.insert(db, session);
      const user: TokenUser = { id: member.id, name: member.name, email: member.email, type: member.type as Role };
      return { jwtToken: await ctx.tokens.sign(user, member.token_version, session.id), sessionId: session.id };
    },

    async listOwn(caller: TokenUser, currentSid: string): Promise<SessionRecord[]> {
      const rows = await sessionsRepo.listOpen(db, caller.id, nowIso(ctx.clock));
      return rows.map((row) => toRecord(row, currentSid));
    },

    /** Manage Team: a member's sessions, within the caller's limits (a Manager never an Admin's). */
    async listMember(caller: TokenUser, encodedMemberId: string, currentSid: string): Promise<SessionRecord[]> {
      const id = decodeId(encodedMemberId);
      const member = id === null ? undefined : await staffRepo.findActiveById(db, id);
      if (!member) throw AppError.notFound(SERVER_MSG.memberNotFound);
      if (!mayManage(caller, member)) throw AppError.forbidden(SERVER_MSG.managerAdminLimit);
      const rows = await sessionsRepo.listOpen(db, member.id, nowIso(ctx.clock));
      return rows.map((row) => toRecord(row, currentSid));
    },

    /**
     * Ends one session: the caller's own, or a member's they may manage. Anyone else is told it
     * does not exist (404), so session ids cannot be probed.
     */
    async revoke(caller: TokenUser, sessionId: string, origin: RequestOrigin): Promise<void> {
      const session = await sessionsRepo.findById(db, sessionId);
      const owner = session ? await staffRepo.findActiveById(db, session.staff_id) : undefined;
      if (!session || session.revoked_at !== null || !owner || !mayManage(caller, owner)) {
        throw AppError.notFound(ACCOUNT_MSG.sessionNotFound);
      }
      await inTransaction(ctx.transactions.of(origin), async (trx, tx) => {
        const at = nowIso(ctx.clock);
        if (await sessionsRepo.revoke(trx, sessionId, at)) {
          await recordAudit(tx, at, {
            action: AUDIT_ACTION.sessionRevoked,
            actorId: caller.id,
            target: owner.email,
            detail: { session: sessionId },
          });
          tx.afterCommit(() => announceRevoked(owner.id, [sessionId]));
        }
      });
    },

    /** Logout: the caller's own session ends. */
    async logout(caller: TokenUser, sessionId: string, origin: RequestOrigin): Promise<void> {
      await inTransaction(ctx.transactions.of(origin), async (trx, tx) => {
        const at = nowIso(ctx.clock);
        if (!(await sessionsRepo.revoke(trx, sessionId, at))) return;
        await recordAudit(tx, at, { action: AUDIT_ACTION.logout, actorId: caller.id, detail: { session: sessionId } });
        tx.afterCommit(() => announceRevoked(caller.id, [sessionId]));
      });
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
