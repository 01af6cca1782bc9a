import { MAIL_STATUS } from '@eta/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** What waits in the outbox (GET /metrics, GET /readyz: DESIGN §19). */
export interface OutboxBacklog {
  /** queued or being sent: not yet delivered, not given up */
  pending: number;
  /** when the oldest pending mail was queued (ISO); null: none pending */
  oldestPendingAt: string | null;
  /** given up after its attempts, until someone queues it again (Retry on the order) */
  failed: number;
}

const PENDING = [MAIL_STATUS.queued, MAIL_STATUS.sending];

/**
 * Two small reads through the outbox's (status, next_attempt_at) index: pending mail is a handful of
 * rows, and the failed count never touches the sent mails that make up nearly all of the table.
 */
export async function outboxBacklog(db: Kysely<Database>): Promise<OutboxBacklog> {
  const pending = await db
    .selectFrom('mail_outbox')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('status', 'in', PENDING)
    .executeTakeFirst();
  const failed = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', MAIL_STATUS.failed)
    .executeTakeFirst();
  return {
    pending: pending?.n ?? 0,
    oldestPendingAt: pending?.oldest ?? null,
    failed: failed?.n ?? 0,
  };
}
