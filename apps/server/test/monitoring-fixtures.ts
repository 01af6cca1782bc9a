import { MAIL_KIND, MAIL_STATUS, type MailStatus } from '@eta/shared';
import type { TestApp } from './test-app.ts';

/** A staff mail (no order) written straight into the outbox, queued at `createdAt`. */
export async function outboxRow(t: TestApp, status: MailStatus, createdAt: string): Promise<number> {
  const row = await t.app.ctx.db
    .insertInto('mail_outbox')
    .values({
      order_key: null,
      document_id: null,
      kind: MAIL_KIND.passwordReset,
      provider: 'cloud',
      to_address: 'someone@example.test',
      subject: 'Reset your password',
      html: '<p>hello</p>',
      text: 'hello',
      attachments: null,
      remainder_mail: 0,
      status,
      attempts: status === MAIL_STATUS.failed ? 5 : 0,
      next_attempt_at: createdAt,
      last_error: null,
      created_by: null,
      created_at: createdAt,
      sent_at: null,
      claim_token: null,
      from_name: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Marks every pending or failed mail sent: the outbox as a drained worker leaves it. */
export async function drainOutbox(t: TestApp): Promise<void> {
  await t.app.ctx.db
    .updateTable('mail_outbox')
    .set({ status: MAIL_STATUS.sent, sent_at: new Date().toISOString() })
    .where('status', '!=', MAIL_STATUS.sent)
    .execute();
}

/** One sample's value from Prometheus text: `name{labels} value` (labels as written, or none). */
export function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
