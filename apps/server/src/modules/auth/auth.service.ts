import {
  ACCOUNT_MSG,
  AUDIT_ACTION,
  type ChangePasswordInput,
  isRole,
  type LoginInput,
  SERVER_MSG,
  type SignInReply,
  TOTP_CODE,
  type VerifyLoginInput,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import type { StaffRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { bounded, type RequestOrigin } from '../../lib/request-origin.ts';
import type { SecondFactor } from '../../lib/session-rules.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import {
  accountFailures,
  accountKey,
  createSessionsService,
  createTwoFactorService,
  hasTwoFactor,
  type SignInOrigin,
} from '../accounts/index.ts';
import { recordAudit } from '../privacy/index.ts';
import { staffRepo } from '../staff/index.ts';

/** how the audit log names the code a sign-in used */
const CODE_KIND: Record<SecondFactor, string> = { totp: 'authenticator code', recovery: 'recovery code' };

export function createAuthService(ctx: AppContext) {
  /**
   * wrong passwords per account; wrong codes per challenge, and per account across challenges (a new
   * password step buys no more guesses), counted with those tried at "confirm it is you"
   */
  const { passwords: limiter, codes: codeFailures } = accountFailures(ctx);
  const sessions = createSessionsService(ctx);
  const twoFactor = createTwoFactorService(ctx);

  const audit = (
    origin: RequestOrigin,
    action: typeof AUDIT_ACTION.signIn | typeof AUDIT_ACTION.signInFailed,
    actorId: number | null,
    email: string,
    detail: Record<string, unknown> | null = null,
  ) =>
    recordAudit(ctx.transactions.committed(bounded(origin)), nowIso(ctx.clock), {
      action,
      actorId,
      target: email,
      detail,
    });

  /** The member has proved who they are: a session, and a word for the app if they must enrol. */
  async function signIn(member: StaffRow, origin: SignInOrigin, second: SecondFactor | null): Promise<SignInReply> {
    const { jwtToken, sessionId } = await sessions.start(member, origin, second);
    await audit(origin, AUDIT_ACTION.signIn, member.id, member.email, {
      session: sessionId,
      ...(second ? { secondFactor: CODE_KIND[second] } : {}),
    });
    const mustEnrol = twoFactor.requiredFor(member) && !hasTwoFactor(member);
    return mustEnrol ? { jwtToken, twoFactorSetupRequired: true } : { jwtToken };
  }

  return {
    /**
     * Wrong email and wrong password get the same answer in the same time. With two-factor sign-in
     * on, the right password earns a five-minute challenge, not a session (DESIGN §17).
     */
    async login(input: LoginInput, origin: SignInOrigin): Promise<SignInReply> {
      const email = input.email.toLowerCase();
      if (await limiter.isBlocked(email)) {
        const member = await staffRepo.findActiveByEmail(ctx.db, email);
        await audit(origin, AUDIT_ACTION.signInFailed, member?.id ?? null, email, { reason: 'too many failures' });
        throw new AppError(429, SERVER_MSG.tooManyAttempts);
      }
      const member = await staffRepo.findActiveByEmail(ctx.db, email);
      const valid = await ctx.passwords.verify(member?.password_hash ?? null, input.password);
      if (!member || !valid || !isRole(member.type)) {
        await limiter.fail(email);
        await audit(origin, AUDIT_ACTION.signInFailed, member?.id ?? null, email, {
          reason: member ? 'wrong password' : 'unknown email',
        });
        throw new AppError(401, SERVER_MSG.badCredentials);
      }
      await limiter.reset(email);
      if (hasTwoFactor(member)) {
        const challenge = await ctx.tokens.signChallenge(member.id, member.token_version, ctx.clock());
        return { twoFactorRequired: true, challenge };
      }
      return signIn(member, origin, null);
    },

    /** The code step: a TOTP or an unused recovery code, for an unexpired challenge. */
    async verify(input: VerifyLoginInput, origin: SignInOrigin): Promise<SignInReply> {
      const claims = await ctx.tokens.verifyChallenge(input.challenge, ctx.clock());
      if (!claims) throw AppError.unauthorized(ACCOUNT_MSG.challengeExpired);
      const account = accountKey(claims.staffId);
      if ((await codeFailures.isBlocked(claims.jti)) || (await codeFailures.isBlocked(account))) {
        throw AppError.tooMany(ACCOUNT_MSG.tooManyCodes);
      }
      const member = await staffRepo.findActiveById(ctx.db, claims.staffId);
      // a password changed, a member deleted or 2FA reset since the password step: start again
      if (!member || member.token_version !== claims.ver || !hasTwoFactor(member)) {
        throw AppError.unauthorized(ACCOUNT_MSG.challengeExpired);
      }
      const second: SecondFactor = TOTP_CODE.test(input.code) ? 'totp' : 'recovery';
      if (!(await twoFactor.takeCode(member, input.code))) {
        await Promise.all([codeFailures.fail(claims.jti), codeFailures.fail(account)]);
        await audit(origin, AUDIT_ACTION.signInFailed, member.id, member.email, {
          reason: `wrong ${CODE_KIND[second]}`,
        });
        throw AppError.badRequest(ACCOUNT_MSG.codeWrong, { code: ACCOUNT_MSG.codeWrong });
      }
      await Promise.all([codeFailures.reset(claims.jti), codeFailures.reset(account)]);
      return signIn(member, origin, second);
    },

    /** A new password ends every session of the member, this one included. */
    async changePassword(staffId: number, input: ChangePasswordInput, origin: RequestOrigin): Promise<void> {
      const hash = await ctx.passwords.hash(input.newPassword);
      await inTransaction(ctx.transactions.of(bounded(origin)), async (trx, tx) => {
        const at = nowIso(ctx.clock);
        await staffRepo.update(trx, staffId, { password_hash: hash, updated_at: at });
        await staffRepo.revokeTokens(trx, staffId, at);
        await recordAudit(tx, at, { action: AUDIT_ACTION.passwordChanged, actorId: staffId });
        tx.afterCommit(() => ctx.events.publish('member.changed', { memberId: staffId, change: 'updated' }));
      });
    },
  };
}
