import { randomUUID } from 'node:crypto';
import { type MailKind, type MailProvider, ORDER_EVENT } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { FILE_FOLDERS, type FileFolder, type FileStore } from '../../lib/file-store.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { describeStorage } from '../../storage-config.ts';
import { appendEvents } from '../order-changes/index.ts';
import { customerMailTags } from './customer-tags.ts';
import { DOCUMENT_BOUND_KINDS } from './mail-kinds.ts';
import * as outbox from './outbox.repository.ts';
import { createTransports, type MailTransport, messageIdOf, providersWithoutSmtp, senderOf } from './transports.ts';

export interface MailWorkerOptions {
  /** how often due mail is looked for when nobody kicks (ms) */
  pollMs?: number;
  /** attempts before a mail is marked failed */
  maxAttempts?: number;
  /** how long a claimed row is ours; past it, another worker may take it over */
  leaseMs?: number;
  /** rows claimed at once */
  batch?: number;
  /** warnings and errors go here (the app's logger) */
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface DrainResult {
  sent: number;
  retrying: number;
  failed: number;
}

/** Why an approval or resend mail was not sent: its document was rejected while it waited. */
export const MAIL_WITHDRAWN = 'Not sent: the document was rejected before this mail went out.';

export const MAIL_DEFAULTS = { pollMs: 1000, maxAttempts: 5, leaseMs: 120_000, batch: 20 } as const;

/** 30 s, 1 min, 2 min, 4 min …, at most an hour: a provider that is down gets time to come back. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/**
 * The attachments column (JSON list of { filename, path, contentType }, path `{folder}/{name}` in the
 * file store) read into memory as nodemailer takes them. Any other path is never read, and a file
 * that is not there fails the attempt: a mail never goes out without what it promises.
 */
export async function attachmentsOf(raw: string | null, files: FileStore) {
  if (!raw) return undefined;
  const list = JSON.parse(raw) as { filename: string; path: string; contentType: string }[];
  return Promise.all(
    list.map(async (a) => {
      const [folder, name, ...rest] = a.path.split('/');
      if (!FILE_FOLDERS.includes(folder as FileFolder) || !name || rest.length > 0)
        throw new Error(`attachment outside the file store: ${a.filename}`);
      const content = await files.read(folder as FileFolder, name);
      if (!content) throw new Error(`attachment missing from the file store: ${a.filename}`);
      return { filename: a.filename, content, contentType: a.contentType };
    }),
  );
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 500) || 'unknown error';

/**
 * The outbox worker (DESIGN §9). Claims due rows atomically (queued → sending under a lease), sends
 * each through its provider, and records the outcome only while it still holds the row. Any number
 * of instances may run against one database: none sends a row another holds.
 */
export function createMailWorker(ctx: AppContext, options: MailWorkerOptions = {}) {
  const settings = { ...MAIL_DEFAULTS, ...options };
  const token = randomUUID();
  let transports: Record<MailProvider, MailTransport> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<DrainResult> | null = null;
  let again = false;
  let started = false;

  const transportFor = (provider: string): MailTransport => {
    transports ??= createTransports(ctx.config, ctx.files);
    return transports[provider as MailProvider] ?? transports.cloud;
  };

  /** Records a mail as failed for good (no further attempt) with its reason, and says so in Activity. */
  async function failForGood(row: outbox.OutboxRow, reason: string): Promise<void> {
    await inTransaction(ctx.transactions, async (trx, tx) => {
      const mine = await outbox.markAttemptFailed(trx, row.id, token, reason, null);
      if (mine && row.order_key !== null) {
        await appendEvents(
          tx,
          null,
          [
            {
              orderId: row.order_key,
              kind: ORDER_EVENT.mailFailed,
              from: null,
              to: row.kind,
              detail: `${row.provider}: ${reason}`,
            },
          ],
          nowIso(ctx.clock),
        );
      }
    });
  }

  async function deliver(row: outbox.OutboxRow, result: DrainResult): Promise<void> {
    const id = row.id;
    // Each mail gets a full lease of its own; one another instance has taken over is left to it.
    if (
      !(await outbox.renewLease(
        ctx.db,
        id,
        token,
        nowIso(() => ctx.clock() + settings.leaseMs),
      ))
    )
      return;
    // A document rejected after its approval mail was queued (a slow or failing provider, a retry)
    // is withdrawn: the customer has been told so, and must not be handed it afterwards.
    if (
      DOCUMENT_BOUND_KINDS.includes(row.kind as MailKind) &&
      row.document_id !== null &&
      (await outbox.documentRejected(ctx.db, row.document_id))
    ) {
      await failForGood(row, MAIL_WITHDRAWN);
      result.failed += 1;
      return;
    }
    try {
      await transportFor(row.provider).send({
        id,
        messageId: messageIdOf({ id, created_at: row.created_at }, ctx.config.mail.from),
        from: senderOf(ctx.config.mail.from, row.from_name),
        to: row.to_address,
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers: { 'X-Eta-Mail-Kind': row.kind },
        attachments: await attachmentsOf(row.attachments, ctx.files),
        // staff mails (no order) need no way back
        ...(row.order_key !== null ? customerMailTags(ctx.config, id, row.to_address) : {}),
      });
    } catch (error) {
      const last = errorText(error);
      const final = row.attempts >= settings.maxAttempts;
      if (final) {
        await failForGood(row, last);
        result.failed += 1;
      } else {
        await outbox.markAttemptFailed(
          ctx.db,
          id,
          token,
          last,
          nowIso(() => ctx.clock() + backoffMs(row.attempts)),
        );
        result.retrying += 1;
      }
      settings.log?.warn({ outboxId: id, attempt: row.attempts, final }, 'mail attempt failed');
      return;
    }
    await inTransaction(ctx.transactions, async (trx, tx) => {
      const at = nowIso(ctx.clock);
      if (!(await outbox.markSent(trx, id, token, at))) return;
      await outbox.insertHistory(trx, row, at);
      if (row.order_key !== null) {
        await appendEvents(
          tx,
          null,
          [{ orderId: row.order_key, kind: ORDER_EVENT.mailSent, from: null, to: row.kind, detail: row.provider }],
          at,
        );
      }
    });
    result.sent += 1;
  }

  /** Sends everything due now, batch after batch, until nothing is due. */
  async function drainOnce(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retrying: 0, failed: 0 };
    for (;;) {
      const now = ctx.clock();
      const rows = await ctx.strategies.outboxClaim.claimDue(
        ctx.db,
        token,
        nowIso(() => now),
        nowIso(() => now + settings.leaseMs),
        settings.batch,
      );
      if (rows.length === 0) return result;
      for (const row of rows) await deliver(row, result);
    }
  }

  /** One drain at a time per worker; a kick during a drain runs one more after it. */
  function drain(): Promise<DrainResult> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const total: DrainResult = { sent: 0, retrying: 0, failed: 0 };
      do {
        again = false;
        const r = await drainOnce();
        total.sent += r.sent;
        total.retrying += r.retrying;
        total.failed += r.failed;
      } while (again);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(delay: number) {
    if (!started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      drain()
        .catch((error) => settings.log?.error({ err: error }, 'mail worker: drain failed'))
        .finally(() => schedule(settings.pollMs));
    }, delay);
    timer.unref();
  }

  return {
    drain,
    /** after a commit that queued mail: look now instead of at the next poll */
    kick() {
      if (!started) return;
      if (running) again = true;
      else schedule(0);
    },
    start() {
      if (started) return;
      started = true;
      // The file fallback (DESIGN §4) counts a mail as sent: say so, or a half-configured production
      // shows "Sent" for mails no customer received.
      for (const provider of providersWithoutSmtp(ctx.config)) {
        settings.log?.warn(
          { provider, storage: describeStorage(ctx.config.storage, ctx.config.dataDir) },
          `mail provider ${provider} has no SMTP URL: its mails are written as .eml files and count as sent`,
        );
      }
      schedule(0);
    },
    /** stops polling, waits for the drain under way, closes the connections */
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
      if (transports) for (const t of Object.values(transports)) t.close();
      transports = null;
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
