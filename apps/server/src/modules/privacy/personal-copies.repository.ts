import {
  ACCESS_ACTION,
  AUDIT_ACTION,
  ERASED_NAME,
  INBOX_MSG,
  MAIL_STATUS,
  ORDER_EVENT,
  PRIVACY_MSG,
} from '@eta/shared';
import type { Transaction } from 'kysely';
import { type Database, ORDER_TEXT_FIELDS, type OrderTextField } from '../../db/schema.ts';
import { FILE_FOLDER } from '../../lib/file-store.ts';
import { NOTE_CHANGE_DETAIL } from '../disputes/index.ts';
import { emlFileName } from '../mail/index.ts';
import { queueFileDeletions } from './file-deletions.ts';
import { removeInboundMail } from './inbound-removal.ts';

type Trx = Transaction<Database>;

/** Order fields kept by anonymisation: what reports, invoices and disputes still need. */
const KEPT_FIELDS: readonly OrderTextField[] = ['transaction_id', 'merchant_name', 'landing_site', 'nationality'];
const NAME_FIELDS: readonly OrderTextField[] = ['first_name', 'sur_name'];
/** the order's addresses, as a subject export records the one it was asked for (lower case) */
const EMAIL_FIELDS = ['contact_email_address', 'confirm_contact_email_address', 'email'] as const;
/** purchase evidence that identifies the person or their card (DESIGN §15 columns) */
const PERSONAL_PURCHASE_FIELDS = [
  'purchase_ip',
  'purchase_user_agent',
  'device_id',
  'card_fingerprint',
  'card_last4',
  'card_brand',
] as const;
/** events whose detail may hold an address or a remark's text (a bounce's diagnostic quotes the address) */
const EVENTS_WITH_PERSONAL_DETAIL = [
  ORDER_EVENT.mail,
  ORDER_EVENT.mailFailed,
  ORDER_EVENT.remark,
  ORDER_EVENT.mailBounced,
];
/** "Approval mail not delivered: {reason}": the move stays in Activity, the diagnostic (the address) goes */
const BOUNCED_MOVE_PREFIX = INBOX_MSG.approvalBounced('');
/** values per IN list of addresses: well under SQLite's parameter limit whatever RETENTION_BATCH is */
const IN_CHUNK = 500;

/**
 * DESIGN §16 and §22 ("Erasure erases every copy"): the person's names, email, phone and address
 * leave the order and every place they were copied to: document records, the outbox (addresses,
 * bodies, errors; mail still waiting is not sent), the .eml files and invoice PDFs (queued for
 * deletion), download traces, remark texts and the notifications quoting them, Activity details, dispute notes, and the access and
 * audit log entries of subject exports that named the address. Erasure on request and retention's
 * personal pass both come here, through anonymise (removal.repository.ts), inside its transaction.
 */
export async function erasePersonalCopies(trx: Trx, ids: readonly number[], at: string): Promise<void> {
  if (ids.length === 0) return;
  const people = await trx
    .selectFrom('orders')
    .select(['order_id', ...EMAIL_FIELDS])
    .where('id', 'in', [...ids])
    .execute();
  const cleared = Object.fromEntries(
    ORDER_TEXT_FIELDS.filter((f) => !KEPT_FIELDS.includes(f)).map((f) => [
      f,
      NAME_FIELDS.includes(f) ? ERASED_NAME : null,
    ]),
  );
  await trx
    .updateTable('orders')
    .set((eb) => ({
      ...cleared,
      ...Object.fromEntries(PERSONAL_PURCHASE_FIELDS.map((f) => [f, null])),
      extra_answers: null,
      // the search finds an erased order by its id alone
      search_text: eb.fn('lower', ['order_id']),
    }))
    .where('id', 'in', [...ids])
    .execute();
  await eraseMail(trx, ids, at);
  // the customer's mails read back (DESIGN §25), whatever the documents' step did already
  await removeInboundMail(trx, ids, at);
  await trx
    .updateTable('documents')
    .set((eb) => ({
      customer_name: eb.case().when('customer_name', 'is not', null).then(ERASED_NAME).else(null).end(),
      // the uploaded file's own name may be the person's ("jane-doe-eta.pdf")
      original_name: null,
    }))
    .where('order_key', 'in', [...ids])
    .execute();
  await trx
    .updateTable('download_history')
    .set({ ip: '', user_agent: null, timezone: null, browser: null, os: null })
    .where('order_key', 'in', [...ids])
    .execute();
  await trx
    .updateTable('remarks')
    .set({ remark: ERASED_NAME, whatsapp: '', telephone: '' })
    .where('order_key', 'in', [...ids])
    .execute();
  // a notification quotes a remark or a reply: it goes, as the bell has nothing left to say of it
  await trx
    .deleteFrom('notifications')
    .where('order_key', 'in', [...ids])
    .execute();
  await eraseActivityAndDisputes(trx, ids);
  await eraseLogEntries(
    trx,
    people.map((p) => p.order_id),
    people.flatMap((p) => EMAIL_FIELDS.map((f) => p[f]?.trim().toLowerCase()).filter((e): e is string => !!e)),
  );
}

/**
 * The outbox: addresses, bodies, errors (an SMTP error may quote the address) and attachments go;
 * a mail still waiting is failed for good, so the worker never sends it; each mail's .eml file (a
 * provider with no SMTP URL wrote one, named by mail/transports.ts) and the invoice PDFs are queued
 * for deletion.
 */
async function eraseMail(trx: Trx, ids: readonly number[], at: string): Promise<void> {
  const mails = await trx
    .updateTable('mail_outbox')
    // delivery_detail: a bounce's diagnostic names the address (DESIGN §25)
    .set({ to_address: ERASED_NAME, html: '', text: '', attachments: null, last_error: null, delivery_detail: null })
    .where('order_key', 'in', [...ids])
    .returning(['id', 'provider'])
    .execute();
  await trx
    .updateTable('mail_outbox')
    .set({ status: MAIL_STATUS.failed, last_error: PRIVACY_MSG.mailRefused, claim_token: null, next_attempt_at: at })
    .where('order_key', 'in', [...ids])
    .where('status', 'in', [MAIL_STATUS.queued, MAIL_STATUS.sending])
    .execute();
  const invoices = await trx
    .selectFrom('invoices')
    .select('file_name')
    .where('order_key', 'in', [...ids])
    .execute();
  await queueFileDeletions(
    trx,
    [
      ...mails.map((m) => ({ folder: FILE_FOLDER.mail, file_name: emlFileName(m.provider, m.id) })),
      ...invoices.map((i) => ({ folder: FILE_FOLDER.invoices, file_name: i.file_name })),
    ],
    at,
  );
}

/**
 * A customer's reply is in Activity by its subject, which may name them (DESIGN §25): on erasure,
 * and again for a reply read onto an order after its erasure (inbound-retention.ts).
 */
export async function eraseReplySubjects(trx: Trx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('order_events')
    .set({ to_value: null })
    .where('order_key', 'in', [...ids])
    .where('kind', '=', ORDER_EVENT.customerReply)
    .execute();
}

/** Activity details that held an address or a remark, and dispute notes with the events of their changes. */
async function eraseActivityAndDisputes(trx: Trx, ids: readonly number[]): Promise<void> {
  await trx
    .updateTable('order_events')
    .set({ detail: null })
    .where('order_key', 'in', [...ids])
    .where('kind', 'in', EVENTS_WITH_PERSONAL_DETAIL)
    .execute();
  await eraseReplySubjects(trx, ids);
  await trx
    .updateTable('order_events')
    .set({ detail: BOUNCED_MOVE_PREFIX.trimEnd().replace(/:$/, '') })
    .where('order_key', 'in', [...ids])
    .where('kind', '=', ORDER_EVENT.status)
    .where('detail', 'like', `${BOUNCED_MOVE_PREFIX}%`)
    .execute();
  await trx
    .updateTable('order_events')
    .set((eb) => ({
      from_value: eb.case().when('from_value', 'is not', null).then(ERASED_NAME).else(null).end(),
      to_value: eb.case().when('to_value', 'is not', null).then(ERASED_NAME).else(null).end(),
    }))
    .where('order_key', 'in', [...ids])
    .where('kind', '=', ORDER_EVENT.disputeChanged)
    .where('detail', 'like', `${NOTE_CHANGE_DETAIL}%`)
    .execute();
  // a member's note on the case may name the person; the dispute itself (amount, reason, outcome) stays
  await trx
    .updateTable('disputes')
    .set({ note: ERASED_NAME })
    .where('order_key', 'in', [...ids])
    .where('note', 'is not', null)
    .execute();
}

/**
 * A subject export recorded the address it was asked for: in the access log beside each order it
 * found, and as the audit entry's target. Who exported, when and how many orders stay.
 */
async function eraseLogEntries(trx: Trx, orderIds: readonly string[], emails: readonly string[]): Promise<void> {
  if (orderIds.length > 0)
    await trx
      .updateTable('access_log')
      .set({ detail: null })
      .where('order_id', 'in', [...orderIds])
      .where('action', '=', ACCESS_ACTION.export)
      .execute();
  const unique = [...new Set(emails)];
  for (let i = 0; i < unique.length; i += IN_CHUNK) {
    await trx
      .updateTable('audit_log')
      .set({ target: ERASED_NAME })
      .where('action', '=', AUDIT_ACTION.subjectExport)
      .where('target', 'in', unique.slice(i, i + IN_CHUNK))
      .execute();
  }
}
