import { ACCOUNT_MSG, AUDIT_ACTION, type ReauthInput, SERVER_MSG, type TokenUser } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { confirmationEnds } from '../../lib/session-rules.ts';
import { nowIso } from '../../lib/time.ts';
import { recordAudit } from '../privacy/index.ts';
import { staffRepo } from '../staff/index.ts';
import { accountFailures, accountKey } from './failure-counts.ts';
import * as sessionsRepo from './sessions.repository.ts';
import { createTwoFactorService, hasTwoFactor } from './two-factor.service.ts';

/**
 * "Confirm it is you" (DESIGN §22): the password, or a code, proves again that the member is at the
 * keyboard; the session may then make the sensitive changes for REAUTH_MINUTES (the staff guard
 * reads `confirmed_at`). Wrong answers count as wrong sign-in answers do, per account, so a stolen
 * session cannot guess at leisure.
 */
export function createReauthService(ctx: AppContext) {
  const failures = accountFailures(ctx);
  const twoFactor = createTwoFactorService(ctx);

  const auditFailure = (member: { id: number; email: string }, reason: string, origin: RequestOrigin) =>
    recordAudit(ctx.transactions.committed(origin), nowIso(ctx.clock), {
      action: AUDIT_ACTION.signInFailed,
      actorId: member.id,
      target: member.email,
      detail: { reason: `${reason}, confirming it is them` },
    });

  return {
    /** Records the confirmation on the session; answers until when it holds. */
    async confirm(caller: TokenUser, sessionId: string, input: ReauthInput, origin: RequestOrigin): Promise<string> {
      const member = await staffRepo.findActiveById(ctx.db, caller.id);
      if (!member) throw AppError.unauthorized();
      if (input.password !== undefined) {
        const key = member.email.toLowerCase();
        if (await failures.passwords.isBlocked(key)) throw AppError.tooMany(SERVER_MSG.tooManyAttempts);
        if (!(await ctx.passwords.verify(member.password_hash, input.password))) {
          await failures.passwords.fail(key);
          await auditFailure(member, 'wrong password', origin);
          throw AppError.badRequest(ACCOUNT_MSG.passwordWrong, { password: ACCOUNT_MSG.passwordWrong });
        }
        await failures.passwords.reset(key);
      } else {
        const key = accountKey(member.id);
        if (await failures.codes.isBlocked(key)) throw AppError.tooMany(ACCOUNT_MSG.tooManyCodes);
        const code = input.code as string;
        if (!hasTwoFactor(member) || !(await twoFactor.takeCode(member, code))) {
          await failures.codes.fail(key);
          await auditFailure(member, 'wrong code', origin);
          throw AppError.badRequest(ACCOUNT_MSG.codeWrong, { code: ACCOUNT_MSG.codeWrong });
        }
        await failures.codes.reset(key);
      }
      const now = ctx.clock();
      await sessionsRepo.confirm(ctx.db, sessionId, new Date(now).toISOString());
      // this instance reads the session afresh at once; the others hear of it from the database
      ctx.sessions.forget(sessionId);
      return confirmationEnds(now);
    },
  };
}
