import { isRejectedDocument, MAIL_STATUS, type MailKind, type MailProvider } from '@eta/shared';
import type { Insertable, Kysely, QueryCreator, Selectable, Transaction } from 'kysely';
import type { Database, MailOutboxTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type OutboxRow = Selectable<MailOutboxTable>;

/** A file sent with a mail; `path` is relative to DATA_DIR (the worker resolves it at send time). */
export interface MailAttachment {
  filename: string;
  path: string;
  contentType: string;
}

export interface NewMail {
  /** null: a mail about no order (a staff member's password reset) */
  order_key: number | null;
  document_id: number | null;
  kind: MailKind;
  provider: MailProvider;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  remainder_mail: 0 | 1;
  created_by: number | null;
  attachments?: readonly MailAttachment[] | null;
  /** the sender's display name (the order's site); null or absent: MAIL_FROM's own */
  from_name?: string | null;
  /** a template's public note (DESIGN §25) */
  public_note?: string | null;
}

/** Queues mails, due at once; written in the transaction of the change that caused them (DESIGN §9). */
export async function insertMails(db: Db, mails: readonly NewMail[], at: string): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows: Insertable<MailOutboxTable>[] = mails.map((m) => ({
    ...m,
    attachments: m.attachments?.length ? JSON.stringify(m.attachments) : null,
    from_name: m.from_name ?? null,
    public_note: m.public_note ?? null,
    status: MAIL_STATUS.queued,
    attempts: 0,
    next_attempt_at: at,
    last_error: null,
    created_at: at,
    sent_at: null,
    claim_token: null,
  }));
  const ids: number[] = [];
  // 16 columns a row: 60 rows stay well under SQLite's parameter limit.
  for (let i = 0; i < rows.length; i += 60) {
    const inserted = await db
      .insertInto('mail_outbox')
      .values(rows.slice(i, i + 60))
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/** What a claim sets on each row it takes, and which rows are due (the two claims below share them). */
function claimParts(token: string, now: string, leaseUntil: string, limit: number) {
  return {
    claim: { status: MAIL_STATUS.sending, claim_token: token, next_attempt_at: leaseUntil },
    due: (qb: QueryCreator<Database>) =>
      qb
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', 'in', [MAIL_STATUS.queued, MAIL_STATUS.sending])
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit),
  };
}

/**
 * PostgreSQL's claim (outbox-claim.ts): the due rows are picked once, in a CTE, skipping rows
 * another worker is taking right now (SKIP LOCKED; an `IN (subquery … LIMIT)` may be run again per
 * row there and take more than `limit`).
 */
export async function claimDueSkippingLocked(
  db: Kysely<Database>,
  token: string,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<OutboxRow[]> {
  const { claim, due } = claimParts(token, now, leaseUntil, limit);
  const rows = await db
    .with('due', (qb) => due(qb).forUpdate().skipLocked())
    .updateTable('mail_outbox')
    .from('due')
    .set((eb) => ({ ...claim, attempts: eb('mail_outbox.attempts', '+', 1) }))
    .whereRef('mail_outbox.id', '=', 'due.id')
    .returningAll('mail_outbox')
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** SQLite's claim (outbox-claim.ts): one writer at a time, and the subquery is evaluated once. */
export async function claimDueInOneWriter(
  db: Kysely<Database>,
  token: string,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<OutboxRow[]> {
  const { claim, due } = claimParts(token, now, leaseUntil, limit);
  const rows = await db
    .updateTable('mail_outbox')
    .set((eb) => ({ ...claim, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', due(db))
    .where('status', 'in', [MAIL_STATUS.queued, MAIL_STATUS.sending])
    .where('next_attempt_at', '<=', now)
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** Records a delivery, only by the worker that still holds the row. True when it did. */
export async function markSent(db: Db, id: number, token: string, at: string): Promise<boolean> {
  const done = await db
    .updateTable('mail_outbox')
    .set({ status: MAIL_STATUS.sent, sent_at: at, last_error: null, claim_token: null })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .where('status', '=', MAIL_STATUS.sending)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/**
 * Renews the lease on a row this worker still holds, just before sending it: a batch is sent one
 * mail after another, and a slow provider could let the lease of the last rows run out, another
 * instance claim them, and both send. False when the row is no longer ours: it must not be sent.
 */
export async function renewLease(db: Db, id: number, token: string, leaseUntil: string): Promise<boolean> {
  const done = await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: leaseUntil })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .where('status', '=', MAIL_STATUS.sending)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** A failed attempt: queued again for `nextAt`, or `failed` for good when `nextAt` is null. */
export async function markAttemptFailed(
  db: Db,
  id: number,
  token: string,
  error: string,
  nextAt: string | null,
): Promise<boolean> {
  const done = await db
    .updateTable('mail_outbox')
    .set({
      status: nextAt ? MAIL_STATUS.queued : MAIL_STATUS.failed,
      next_attempt_at: nextAt ?? undefined,
      last_error: error,
      claim_token: null,
    })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .where('status', '=', MAIL_STATUS.sending)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export async function insertHistory(db: Db, row: OutboxRow, at: string): Promise<void> {
  if (row.order_key === null) return;
  await db
    .insertInto('mail_history')
    .values({
      order_key: row.order_key,
      outbox_id: row.id,
      document_id: row.document_id,
      kind: row.kind,
      provider: row.provider,
      remainder_mail: row.remainder_mail,
      create_ts: at,
    })
    .onConflict((oc) => oc.column('outbox_id').doNothing())
    .execute();
}

/** True when the document a mail carries has been rejected since it was queued. */
export async function documentRejected(db: Db, documentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('documents')
    .select('is_rejected_doc')
    .where('id', '=', documentId)
    .executeTakeFirst();
  return row !== undefined && isRejectedDocument(row);
}

/**
 * Failed mails of an order (all, or the one named) queued again with a fresh set of attempts; never
 * one of `documentBoundKinds` (approval, resend) whose document has been rejected since (the
 * customer was told it is withdrawn).
 */
export async function requeueFailed(
  db: Db,
  orderDbId: number,
  mailId: number | undefined,
  at: string,
  documentBoundKinds: readonly MailKind[],
) {
  let query = db
    .updateTable('mail_outbox')
    .set({ status: MAIL_STATUS.queued, attempts: 0, next_attempt_at: at, claim_token: null })
    .where('order_key', '=', orderDbId)
    .where('status', '=', MAIL_STATUS.failed)
    .where((eb) =>
      eb.or([
        eb('document_id', 'is', null),
        eb('kind', 'not in', [...documentBoundKinds]),
        eb.not(
          eb.exists(
            eb
              .selectFrom('documents')
              .select('documents.id')
              .whereRef('documents.id', '=', 'mail_outbox.document_id')
              .where('documents.is_rejected_doc', '=', 'Yes'),
          ),
        ),
      ]),
    );
  if (mailId !== undefined) query = query.where('id', '=', mailId);
  const rows = await query.returning(['id', 'kind', 'provider']).execute();
  return rows.map((r) => ({ id: r.id, kind: r.kind, provider: r.provider }));
}
