import {
  ACCOUNT_MSG,
  type ChangePasswordInput,
  isRole,
  type LoginInput,
  SERVER_MSG,
  type SignInReply,
  TWO_FACTOR_FAILURES_ALLOWED,
  type VerifyLoginInput,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import type { StaffRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { createFailureLimiter } from '../../lib/failure-limiter.ts';
import { nowIso } from '../../lib/time.ts';
import { afterCommit, inTransaction } from '../../lib/transaction.ts';
import { createSessionsService, createTwoFactorService, hasTwoFactor, type SignInOrigin } from '../accounts/index.ts';
import { staffRepo } from '../staff/index.ts';

const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export function createAuthService(ctx: AppContext) {
  const limiter = createFailureLimiter(ctx.config.rateLimit.loginFailuresPerAccount, FAILURE_WINDOW_MS, ctx.clock);
  /** wrong codes: per challenge, and per account across challenges (a new password step buys no more guesses) */
  const codeFailures = createFailureLimiter(TWO_FACTOR_FAILURES_ALLOWED, FAILURE_WINDOW_MS, ctx.clock);
  const sessions = createSessionsService(ctx);
  const twoFactor = createTwoFactorService(ctx);

  /** The member has proved who they are: a session, and a word for the app if they must enrol. */
  async function signIn(member: StaffRow, origin: SignInOrigin): Promise<SignInReply> {
    const { jwtToken } = await sessions.start(member, origin);
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
      if (limiter.isBlocked(email)) throw new AppError(429, SERVER_MSG.tooManyAttempts);
      const member = await staffRepo.findActiveByEmail(ctx.db, email);
      const valid = await ctx.passwords.verify(member?.password_hash ?? null, input.password);
      if (!member || !valid || !isRole(member.type)) {
        limiter.fail(email);
        throw new AppError(401, SERVER_MSG.badCredentials);
      }
      limiter.reset(email);
      if (hasTwoFactor(member)) {
        const challenge = await ctx.tokens.signChallenge(member.id, member.token_version, ctx.clock());
        return { twoFactorRequired: true, challenge };
      }
      return signIn(member, origin);
    },

    /** The code step: a TOTP or an unused recovery code, for an unexpired challenge. */
    async verify(input: VerifyLoginInput, origin: SignInOrigin): Promise<SignInReply> {
      const claims = await ctx.tokens.verifyChallenge(input.challenge, ctx.clock());
      if (!claims) throw AppError.unauthorized(ACCOUNT_MSG.challengeExpired);
      const account = `member:${claims.staffId}`;
      if (codeFailures.isBlocked(claims.jti) || codeFailures.isBlocked(account)) {
        throw AppError.tooMany(ACCOUNT_MSG.tooManyCodes);
      }
      const member = await staffRepo.findActiveById(ctx.db, claims.staffId);
      // a password changed, a member deleted or 2FA reset since the password step: start again
      if (!member || member.token_version !== claims.ver || !hasTwoFactor(member)) {
        throw AppError.unauthorized(ACCOUNT_MSG.challengeExpired);
      }
      if (!(await twoFactor.takeCode(member, input.code))) {
        codeFailures.fail(claims.jti);
        codeFailures.fail(account);
        throw AppError.badRequest(ACCOUNT_MSG.codeWrong, { code: ACCOUNT_MSG.codeWrong });
      }
      codeFailures.reset(claims.jti);
      codeFailures.reset(account);
      return signIn(member, origin);
    },

    /** A new password ends every session of the member, this one included. */
    async changePassword(staffId: number, input: ChangePasswordInput): Promise<void> {
      const hash = await ctx.passwords.hash(input.newPassword);
      await inTransaction(ctx.db, async (trx) => {
        const at = nowIso(ctx.clock);
        await staffRepo.update(trx, staffId, { password_hash: hash, updated_at: at });
        await staffRepo.revokeTokens(trx, staffId, at);
        afterCommit(trx, () => ctx.events.publish('member.changed', { memberId: staffId, change: 'updated' }));
      });
    },
  };
}
