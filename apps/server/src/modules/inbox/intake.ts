import { INBOUND_KIND, INBOX_MSG, type InboundKind, MAIL_KIND, ORDER_EVENT, STATUS } from '@eta/shared';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { AppContext } from '../../context.ts';
import { FILE_FOLDER } from '../../lib/file-store.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction, type TxContext } from '../../lib/transaction.ts';
import { appendEvents, type OrderEvent } from '../order-changes/index.ts';
import { keepAttachments } from './attachments.ts';
import * as repo from './intake.repository.ts';
import { type Match, matchReply, tagged } from './match.ts';
import { bounceReport, complaintReport, kindOf, type Report, reportFields, reportText } from './reports.ts';
import { sanitiseHtml } from './sanitise.ts';

export interface IntakeResult {
  /** the row holding the message (a duplicate's: the earlier one) */
  inboundId: number | null;
  kind: InboundKind | 'duplicate';
  orderDbId: number | null;
  outcome: string;
}

const TEXT_MAX = 200_000;
const cut = (s: string | undefined | null, max: number) => (s ?? '').replaceAll('\u0000', '').slice(0, max);
const addressText = (a: ParsedMail['from'] | ParsedMail['to']) =>
  cut((Array.isArray(a) ? a.map((x) => x.text).join(', ') : a?.text) ?? '', 1000);

/**
 * Where a report says our mail came from, our VERP address: the report's own fields (an ARF's
 * Original-Mail-From, Postfix's X-Postfix-Sender), and the Return-Path of the returned original.
 */
async function returnedSender(mail: ParsedMail): Promise<string[]> {
  const fields = reportFields(reportText(mail));
  const found: string[] = [];
  for (const name of ['original-mail-from', 'x-postfix-sender']) {
    const value = fields
      .get(name)
      ?.replace(/^rfc822;\s*/i, '')
      .replace(/[<>]/g, '')
      .trim();
    if (value) found.push(value);
  }
  for (const part of mail.attachments) {
    if (part.contentType !== 'message/rfc822' && part.contentType !== 'text/rfc822-headers') continue;
    const original = await simpleParser(part.content).catch(() => null);
    const value = original?.headers.get('return-path') as { value?: { address?: string }[] } | string | undefined;
    if (typeof value === 'string') found.push(value.replace(/[<>]/g, '').trim());
    else for (const a of value?.value ?? []) if (a.address) found.push(a.address);
  }
  return found;
}

/** What a bounce or complaint changes: its mail marked; a bounced approval moves its order to Contact Customer. */
async function applyReport(
  tx: TxContext,
  kind: InboundKind,
  outboxId: number,
  orderDbId: number | null,
  report: Report,
  at: string,
): Promise<string> {
  const delivery = kind === INBOUND_KIND.bounce ? 'bounced' : 'complained';
  if (!report.final) return `delivery report for mail ${outboxId} (not final, nothing marked): ${report.reason}`;
  await repo.markDelivery(tx.trx, outboxId, delivery, report.reason);
  if (orderDbId === null) return `mail ${outboxId} marked ${delivery}: ${report.reason}`;
  const events: OrderEvent[] = [
    { orderId: orderDbId, kind: ORDER_EVENT.mailBounced, from: null, to: delivery, detail: report.reason },
  ];
  const row = await repo.outboxRow(tx.trx, outboxId);
  const approval = row?.kind === MAIL_KIND.approval || row?.kind === MAIL_KIND.resend;
  let moved = '';
  if (kind === INBOUND_KIND.bounce && approval) {
    const order = await repo.orderForChange(tx.trx, orderDbId);
    if (order && order.process_status !== STATUS.ContactCustomer) {
      await repo.moveOrder(tx.trx, orderDbId, STATUS.ContactCustomer, at);
      events.push({
        orderId: orderDbId,
        kind: ORDER_EVENT.status,
        from: order.process_status,
        to: STATUS.ContactCustomer,
        detail: INBOX_MSG.approvalBounced(report.reason),
      });
      moved = `; order moved to ${STATUS.ContactCustomer}`;
    }
  }
  await appendEvents(tx, null, events, at);
  return `mail ${outboxId} marked ${delivery}: ${report.reason}${moved}`;
}

/** What a reply changes on its order: Activity always; on Awaiting Customer, the mark, the follow-up cleared, the event. */
async function applyReply(
  tx: TxContext,
  match: Match,
  inboundId: number,
  subject: string,
  at: string,
): Promise<string> {
  const order = await repo.orderForChange(tx.trx, match.orderDbId);
  if (!order) return 'order gone';
  const events: OrderEvent[] = [
    {
      orderId: order.id,
      kind: ORDER_EVENT.customerReply,
      from: null,
      to: cut(subject, 200),
      detail: `matched by ${match.by}`,
    },
  ];
  if (order.process_status === STATUS.Awaiting) {
    await repo.markReplied(tx.trx, order.id, at);
    if (order.follow_up_on !== null) {
      events.push({ orderId: order.id, kind: ORDER_EVENT.followUp, from: order.follow_up_on, to: null });
    }
    const event = { orderDbId: order.id, orderId: order.order_id, holder: order.assigned_to, inboundId };
    tx.afterCommit(() => tx.events.publish('order.customerReplied', event));
  }
  await appendEvents(tx, null, events, at);
  return `reply to ${order.order_id} matched by ${match.by}${order.process_status === STATUS.Awaiting ? ', marked Customer replied' : ''}`;
}

/** A message parsed and its bytes in the file store: the part of taking it in that touches no row. */
export interface ReadMessage {
  mail: ParsedMail | null;
  rawFile: string;
  kept: Awaited<ReturnType<typeof keepAttachments>>['kept'];
  refused: string[];
}

/**
 * Parses a message and writes it and its attachments to the file store. The reader does this for a
 * whole batch at once (reader.ts), then takes each in, in mailbox order.
 */
export async function readMessage(ctx: Pick<AppContext, 'files'>, raw: Buffer): Promise<ReadMessage> {
  const mail = await simpleParser(raw).catch(() => null);
  const rawFile = await ctx.files.put(FILE_FOLDER.inbound, 'eml', raw);
  const { kept, refused } = mail ? await keepAttachments(ctx.files, mail.attachments) : { kept: [], refused: [] };
  return { mail, rawFile, kept, refused };
}

/** the files of a message stored already: spare copies */
async function discard(ctx: Pick<AppContext, 'files'>, read: ReadMessage): Promise<void> {
  await ctx.files.remove(FILE_FOLDER.inbound, read.rawFile);
  for (const k of read.kept) await ctx.files.remove(FILE_FOLDER.inbound, k.fileName);
}

/**
 * One message of the mailbox taken in (DESIGN §25): stored once (raw in the file store, text and
 * sanitised HTML in the database), matched, and its changes made, all in one transaction. The caller
 * moves the message out of INBOX only after this returns. A message already stored (same mailbox UID
 * or Message-ID) changes nothing: `duplicate`. `at`: when the reader took the message, its time in
 * the conversation; `read`: the message already read (readMessage), else it is read here.
 */
export async function takeIn(
  ctx: AppContext,
  raw: Buffer,
  mailboxKey: string,
  at: string = nowIso(ctx.clock),
  read?: ReadMessage,
): Promise<IntakeResult> {
  const message = read ?? (await readMessage(ctx, raw));
  const { mail, rawFile, kept, refused } = message;
  const messageId = mail?.messageId ? cut(mail.messageId, 998) : null;
  const earlier = await repo.findStored(ctx.db, mailboxKey, messageId);
  if (earlier) {
    await discard(ctx, message);
    return {
      inboundId: earlier.id,
      kind: 'duplicate',
      orderDbId: earlier.order_key,
      outcome: `duplicate of inbound ${earlier.id}`,
    };
  }
  const kind = mail ? kindOf(mail) : INBOUND_KIND.reply;
  const config = ctx.config;

  // what the message is about, read before the transaction
  let match: Match | null = null;
  let reportOf: { outboxId: number; orderDbId: number | null; report: Report } | null = null;
  const notes: string[] = [];
  if (!mail) notes.push('malformed message: kept raw, not parsed');
  else if (kind === INBOUND_KIND.reply) {
    const found = await matchReply(ctx.db, config, mail);
    match = found.match;
    if (found.forged) notes.push(`forged reply tag (${found.forged}) ignored`);
  } else {
    const base = config.inbound.bounceAddress;
    const tag = tagged(mail, base, config.jwtSecret, 'bounce', await returnedSender(mail));
    const row = tag.mailId !== null ? await repo.outboxRow(ctx.db, tag.mailId) : undefined;
    if (tag.forged) notes.push(`forged bounce tag (${tag.forged}) ignored`);
    if (row) {
      const report = kind === INBOUND_KIND.bounce ? bounceReport(mail) : complaintReport(mail);
      reportOf = { outboxId: row.id, orderDbId: row.order_key, report };
    } else notes.push(`${kind === INBOUND_KIND.bounce ? 'delivery report' : 'complaint'} for a mail we never sent`);
  }
  if (refused.length > 0) notes.push(`attachments refused: ${refused.join(', ')}`);

  const orderDbId = match?.orderDbId ?? reportOf?.orderDbId ?? null;
  const stored = await inTransaction(ctx.transactions, async (trx, tx) => {
    const id = await repo.insertInbound(trx, {
      order_key: orderDbId,
      outbox_id: match?.outboxId ?? reportOf?.outboxId ?? null,
      kind,
      matched_by: match?.by ?? null,
      mailbox_key: mailboxKey,
      message_id: messageId,
      from_address: addressText(mail?.from),
      to_address: addressText(mail?.to),
      subject: cut(mail?.subject, 998),
      text: cut(mail?.text, TEXT_MAX),
      html: mail?.html ? sanitiseHtml(mail.html) : null,
      raw_file: rawFile,
      outcome: 'pending',
      // when we read it: a sender's Date header may be anything, and the conversation is told in our time
      received_at: at,
      created_at: at,
      removed_at: null,
    });
    if (id === null) return null;
    await repo.insertAttachments(trx, id, kept);
    const said =
      match !== null
        ? await applyReply(tx, match, id, mail?.subject ?? '', at)
        : reportOf
          ? await applyReport(tx, kind, reportOf.outboxId, reportOf.orderDbId, reportOf.report, at)
          : kind === INBOUND_KIND.reply
            ? 'unmatched: no reference, tag or order id of ours'
            : 'unmatched report';
    const outcome = [said, ...notes].join('; ').slice(0, 2000);
    await trx.updateTable('inbound_mail').set({ outcome }).where('id', '=', id).execute();
    return { id, outcome };
  });
  if (!stored) {
    // another reader stored it between our look and our insert: ours are spare copies
    await discard(ctx, message);
    const again = await repo.findStored(ctx.db, mailboxKey, messageId);
    return {
      inboundId: again ? again.id : null,
      kind: 'duplicate',
      orderDbId,
      outcome: 'duplicate (stored by another reader)',
    };
  }
  return { inboundId: stored.id, kind, orderDbId, outcome: stored.outcome };
}
