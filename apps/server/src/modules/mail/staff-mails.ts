import { DEFAULT_MAIL_PROVIDER, MAIL_KIND } from '@eta/shared';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import type { TxContext } from '../../lib/transaction.ts';
import * as outbox from './outbox.repository.ts';
import { passwordResetMail } from './templates/password-reset.ts';

/**
 * A password reset link to a staff member, through the outbox like every mail (DESIGN §9, §17):
 * written in the caller's transaction, sent by the worker with retries. It is about no order, so it
 * has no order event and no mail history; the default provider sends it.
 */
export async function queuePasswordResetMail(
  ctx: AppContext,
  trx: Transaction<Database>,
  tx: TxContext,
  member: { name: string; email: string },
  resetUrl: string,
): Promise<void> {
  const content = passwordResetMail(member.name, resetUrl);
  const ids = await outbox.insertMails(
    trx,
    [
      {
        order_key: null,
        document_id: null,
        kind: MAIL_KIND.passwordReset,
        provider: DEFAULT_MAIL_PROVIDER,
        to_address: member.email,
        subject: content.subject,
        html: content.html,
        text: content.text,
        remainder_mail: 0,
        created_by: null,
      },
    ],
    nowIso(ctx.clock),
  );
  tx.afterCommit(() => tx.events.publish('mail.queued', { mailIds: ids, orderDbIds: [] }));
}
