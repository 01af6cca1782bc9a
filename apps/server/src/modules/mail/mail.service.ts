import {
  DETAIL_MSG,
  type EmailContent,
  type MailKind,
  type MailProvider,
  ORDER_EVENT,
  type RetryMailInput,
  retriedMessage,
  type TokenUser,
} from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction, type TxContext } from '../../lib/transaction.ts';
import { appendEvents, lockOrderForWrite, type OrderEvent } from '../order-changes/index.ts';
import { DOCUMENT_BOUND_KINDS } from './mail-kinds.ts';
import { assertMailable } from './mailable.ts';
import * as outbox from './outbox.repository.ts';
import { createMailWorker, type DrainResult, type MailWorker, type MailWorkerOptions } from './worker.ts';

/** A mail to queue with the change that caused it. */
export interface MailToQueue {
  orderDbId: number;
  documentId: number | null;
  kind: MailKind;
  provider: MailProvider;
  to: string;
  content: EmailContent;
  remainder?: boolean;
  /** files under DATA_DIR, sent with the mail (an invoice PDF) */
  attachments?: readonly outbox.MailAttachment[];
  /** who the mail says it is from: the order's site, which signs it */
  fromName?: string;
  /** the template's public note (DESIGN §25), kept with the mail for the customer's page */
  publicNote?: string | null;
}

/**
 * Writes mails to the outbox inside the caller's transaction, with a 'mail' event each (DESIGN §6,
 * §9): the change and its mail commit together or not at all. Order mails come through
 * queueOrderMail (order-mails.ts), which makes them from the kinds' registry.
 */
export async function queueMails(
  trx: Transaction<Database>,
  tx: TxContext,
  staff: Pick<TokenUser, 'id' | 'name'> | null,
  mails: readonly MailToQueue[],
  at: string,
): Promise<number[]> {
  const ids = await outbox.insertMails(
    trx,
    mails.map((m) => ({
      order_key: m.orderDbId,
      document_id: m.documentId,
      kind: m.kind,
      provider: m.provider,
      to_address: m.to,
      subject: m.content.subject,
      html: m.content.html,
      text: m.content.text,
      remainder_mail: m.remainder ? 1 : 0,
      created_by: staff?.id ?? null,
      attachments: m.attachments ?? null,
      from_name: m.fromName ?? null,
      public_note: m.publicNote ?? null,
    })),
    at,
  );
  const events: OrderEvent[] = mails.map((m) => ({
    orderId: m.orderDbId,
    kind: ORDER_EVENT.mail,
    from: null,
    to: m.kind,
    detail: `${m.provider} to ${m.to}`,
  }));
  await appendEvents(tx, staff, events, at);
  announceQueued(
    tx,
    ids,
    mails.map((m) => m.orderDbId),
  );
  return ids;
}

/** `mail.queued` once the outbox rows are committed: the worker subscribes (registerMailWorker). */
function announceQueued(tx: TxContext, mailIds: readonly number[], orderDbIds: readonly number[]): void {
  if (mailIds.length > 0) tx.afterCommit(() => tx.events.publish('mail.queued', { mailIds, orderDbIds }));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's one mail worker, made by registerMailWorker in buildApp (drainOutbox) */
    mailWorker: MailWorker;
  }
}

/**
 * Sets up the app's worker: started when the app is ready (listening or first request), unless
 * `options` is false; always stopped before the database closes. Mail queued anywhere in the app
 * wakes it once committed (`mail.queued`): no caller has to remember to.
 */
export function registerMailWorker(
  app: FastifyInstance,
  ctx: AppContext,
  options: MailWorkerOptions | false = {},
): void {
  const worker = createMailWorker(ctx, { log: app.log, ...(options || {}) });
  app.decorate('mailWorker', worker);
  const unsubscribe = ctx.events.subscribe('mail.queued', () => worker.kick());
  if (options !== false) app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => {
    unsubscribe();
    await worker.stop();
  });
}

/** Sends every due mail now and waits for the outcome (tests, and the command line). */
export function drainOutbox(app: FastifyInstance): Promise<DrainResult> {
  return app.mailWorker.drain();
}

/** POST /admin/retry-mail: failed mails of an order queued again with fresh attempts. */
export async function retryFailedMail(ctx: AppContext, staff: TokenUser, input: RetryMailInput) {
  const retried = await inTransaction(ctx.transactions, async (trx, tx) => {
    const order = await lockOrderForWrite(trx, staff, input.orderId);
    assertMailable(order);
    const at = nowIso(ctx.clock);
    const rows = await outbox.requeueFailed(trx, order.id, input.mailId, at, DOCUMENT_BOUND_KINDS);
    if (rows.length === 0) throw AppError.conflict(DETAIL_MSG.noFailedMail);
    await appendEvents(
      tx,
      staff,
      rows.map((r) => ({ orderId: order.id, kind: ORDER_EVENT.mailRetry, from: null, to: r.kind, detail: r.provider })),
      at,
    );
    announceQueued(
      tx,
      rows.map((r) => r.id),
      [order.id],
    );
    return rows;
  });
  return { message: retriedMessage(retried.length), data: { mailIds: retried.map((r) => r.id) } };
}
