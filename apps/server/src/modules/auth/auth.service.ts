import { type ChangePasswordInput, isRole, type LoginInput, SERVER_MSG, type TokenUser } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { createFailureLimiter } from '../../lib/failure-limiter.ts';
import { nowIso } from '../../lib/time.ts';
import { afterCommit, inTransaction } from '../../lib/transaction.ts';
import { staffRepo } from '../staff/index.ts';

const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export function createAuthService(ctx: AppContext) {
  const limiter = createFailureLimiter(ctx.config.rateLimit.loginFailuresPerAccount, FAILURE_WINDOW_MS, ctx.clock);

  return {
    /** Wrong email and wrong password get the same answer in the same time. */
    async login(input: LoginInput): Promise<{ jwtToken: string; user: TokenUser }> {
      const email = input.email.toLowerCase();
      if (limiter.isBlocked(email)) throw new AppError(429, SERVER_MSG.tooManyAttempts);
      const member = await staffRepo.findActiveByEmail(ctx.db, email);
      const valid = await ctx.passwords.verify(member?.password_hash ?? null, input.password);
      if (!member || !valid || !isRole(member.type)) {
        limiter.fail(email);
        throw new AppError(401, SERVER_MSG.badCredentials);
      }
      limiter.reset(email);
      const user: TokenUser = { id: member.id, name: member.name, email: member.email, type: member.type };
      return { jwtToken: await ctx.tokens.sign(user, member.token_version), user };
    },

    /** A new password revokes every token issued before, this session's included. */
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
