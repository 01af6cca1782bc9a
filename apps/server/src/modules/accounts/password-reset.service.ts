import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_MSG,
  AUDIT_ACTION,
  type ForgotPasswordInput,
  PASSWORD_RESET_MINUTES,
  RESET_PASSWORD_PATH,
  type ResetPasswordInput,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { queuePasswordResetMail } from '../mail/index.ts';
import { recordAudit } from '../privacy/index.ts';
import { staffRepo } from '../staff/index.ts';
import * as resetsRepo from './password-resets.repository.ts';

/** reset mails one account gets at most per hour: enough for a lost mail, too few to flood an inbox */
const MAILS_PER_ACCOUNT_PER_HOUR = 3;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** "Forgot password?" (DESIGN §17): a one-time link by mail, through the outbox. */
export function createPasswordResetService(ctx: AppContext) {
  const { db } = ctx;
  const perAccount = ctx.failureLimiters.create('reset-mail', MAILS_PER_ACCOUNT_PER_HOUR, 3_600_000);

  return {
    /**
     * The same answer, in about the same time, whether or not the address is a member's: the
     * form never tells a stranger who works here. The link goes to the member's own address only.
     */
    async requestLink(input: ForgotPasswordInput, origin: RequestOrigin): Promise<void> {
      const email = input.email.toLowerCase();
      const member = await staffRepo.findActiveByEmail(db, email);
      if (!member || (await perAccount.isBlocked(email))) return;
      await perAccount.fail(email);
      const token = randomBytes(32).toString('base64url');
      const now = ctx.clock();
      const url = `${ctx.config.adminBaseUrl}${RESET_PASSWORD_PATH}/${token}`;
      await inTransaction(ctx.transactions.of(origin), async (trx, tx) => {
        await resetsRepo.insert(
          trx,
          member.id,
          tokenHash(token),
          nowIso(() => now),
          nowIso(() => now + PASSWORD_RESET_MINUTES * 60_000),
        );
        await queuePasswordResetMail(ctx, trx, tx, member, url);
        await recordAudit(
          tx,
          nowIso(() => now),
          {
            action: AUDIT_ACTION.passwordResetRequested,
            actorId: null,
            target: member.email,
          },
        );
      });
    },

    /** A new password from a valid link: every session of the member ends, and every other link dies. */
    async reset(input: ResetPasswordInput, origin: RequestOrigin): Promise<void> {
      const hash = await ctx.passwords.hash(input.newPassword);
      const invalid = () => AppError.badRequest(ACCOUNT_MSG.resetLinkInvalid, { token: ACCOUNT_MSG.resetLinkInvalid });
      await inTransaction(ctx.transactions.of(origin), async (trx, tx) => {
        const at = nowIso(ctx.clock);
        const staffId = await resetsRepo.use(trx, tokenHash(input.token), at);
        if (staffId === undefined) throw invalid();
        const member = await staffRepo.findActiveById(trx, staffId);
        if (!member) throw invalid();
        await staffRepo.update(trx, staffId, { password_hash: hash, updated_at: at });
        await staffRepo.revokeTokens(trx, staffId, at);
        await resetsRepo.useAllOf(trx, staffId, at);
        await recordAudit(tx, at, { action: AUDIT_ACTION.passwordReset, actorId: staffId, target: member.email });
        tx.afterCommit(() => ctx.events.publish('member.changed', { memberId: staffId, change: 'updated' }));
      });
    },
  };
}
