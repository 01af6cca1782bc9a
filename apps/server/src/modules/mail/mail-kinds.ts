import {
  DEFAULT_MAIL_PROVIDER,
  type EmailContent,
  formatMoney,
  MAIL_KIND,
  type MailKind,
  type MailProvider,
  type OrderMailKind,
} from '@eta/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { longDate } from '../../lib/pdf/text.ts';
import { loadMailOrders, type MailOrder } from './mail-orders.repository.ts';
import type { MailAttachment } from './outbox.repository.ts';
import { approvalMail } from './templates/approval.ts';
import { customerMail } from './templates/customer.ts';
import { invoiceMail } from './templates/invoice.ts';
import type { MailSite } from './templates/layout.ts';
import { refundMail } from './templates/refund.ts';
import { rejectionMail } from './templates/rejection.ts';

/**
 * One kind of order mail: how its order data is read, its template, who it goes to through which
 * provider, and what document it is about. `Input` is what the caller of queueOrderMail gives
 * besides the orders (the member's choices, the invoice's figures …).
 */
export interface MailKindEntry<Input> {
  /** its orders' data, read in the queueing transaction when the caller gives ids */
  load(db: Kysely<Database> | Transaction<Database>, orderDbIds: readonly number[]): Promise<MailOrder[]>;
  /** its template (templates/*) */
  render(order: MailOrder, site: MailSite, input: Input): EmailContent;
  /** the address; null: this order gets none (no contact email) */
  to(order: MailOrder, input: Input): string | null;
  provider(input: Input): MailProvider;
  /** the document the mail is about, kept with it (mail history links it) */
  documentId(input: Input): number | null;
  /** it hands the customer that document: withdrawn unsent once the document is rejected (worker.ts) */
  documentBound: boolean;
  /** remainder_mail 1: the same mail sent again on request */
  remainder: boolean;
  /** files under DATA_DIR sent with it */
  attachments?(input: Input): readonly MailAttachment[];
  /** what the customer's page says while the order waits on them (a template's public note, DESIGN §25) */
  publicNote?(input: Input): string | null;
}

/** Mails sent from the order detail's buttons: the member types the address and picks the provider (SPEC §4). */
export interface MemberChosen {
  to: string;
  provider: MailProvider;
}
export interface AboutDocument {
  documentId: number;
}
/** Send Invoice: the invoice's own figures and its PDF. */
export interface InvoiceInput {
  invoice: { number: string; amountMinor: number; currency: string | null; issuedAt: string; service: string };
  attachment: MailAttachment;
}

/** A member's mail to the customer (DESIGN §25): the subject and text they wrote, and their template's public note. */
export interface CustomerInput {
  subject: string;
  body: string;
  provider: MailProvider;
  publicNote: string | null;
}

const chosenByMember = {
  to: (_order: MailOrder, input: MemberChosen) => input.to,
  provider: (input: MemberChosen) => input.provider,
};
/** Mails the system sends on a change: to the order's contact email, through the default provider. */
const toContactEmail = {
  to: (order: MailOrder) => order.contact_email_address,
  provider: () => DEFAULT_MAIL_PROVIDER,
};
const ofDocument = (input: AboutDocument) => input.documentId;
const noDocument = () => null;

const entry = <Input>(e: MailKindEntry<Input>) => e;

/** Every kind of order mail. A new kind: its MAIL_KIND in shared, its template, one entry here. */
export const MAIL_KINDS = {
  [MAIL_KIND.approval]: entry<MemberChosen & AboutDocument>({
    load: loadMailOrders,
    render: (order, site) => approvalMail(order, site),
    ...chosenByMember,
    documentId: ofDocument,
    documentBound: true,
    remainder: false,
  }),
  [MAIL_KIND.resend]: entry<MemberChosen & AboutDocument>({
    load: loadMailOrders,
    render: (order, site) => approvalMail(order, site, true),
    ...chosenByMember,
    documentId: ofDocument,
    documentBound: true,
    remainder: true,
  }),
  // about the rejected document, and sent because of it: never withdrawn
  [MAIL_KIND.rejection]: entry<MemberChosen & AboutDocument>({
    load: loadMailOrders,
    render: (order, site) => rejectionMail(order, site),
    ...chosenByMember,
    documentId: ofDocument,
    documentBound: false,
    remainder: false,
  }),
  // refundedMinor: what the processor refunded (DESIGN §26: a part); absent: the order's amount
  [MAIL_KIND.refund]: entry<{ refundedMinor?: number }>({
    load: loadMailOrders,
    render: (order, site, { refundedMinor }) =>
      refundMail(refundedMinor === undefined ? order : { ...order, amount_minor: refundedMinor }, site),
    ...toContactEmail,
    documentId: noDocument,
    documentBound: false,
    remainder: false,
  }),
  [MAIL_KIND.invoice]: entry<InvoiceInput>({
    load: loadMailOrders,
    render: (order, site, { invoice }) =>
      invoiceMail(
        {
          ...order,
          invoiceNumber: invoice.number,
          amount: formatMoney(invoice.amountMinor, invoice.currency),
          invoiceDate: longDate(invoice.issuedAt),
          service: invoice.service,
        },
        site,
      ),
    ...toContactEmail,
    documentId: noDocument,
    documentBound: false,
    remainder: false,
    attachments: (input) => [input.attachment],
  }),
  [MAIL_KIND.customer]: entry<CustomerInput>({
    load: loadMailOrders,
    render: (order, site, input) => customerMail(order, site, input.subject, input.body),
    to: (order) => order.contact_email_address,
    provider: (input) => input.provider,
    documentId: noDocument,
    documentBound: false,
    remainder: false,
    publicNote: (input) => input.publicNote,
  }),
} satisfies Record<OrderMailKind, MailKindEntry<never>>;

/** What the caller of a kind gives besides its orders. */
export type MailInputOf<K extends OrderMailKind> = (typeof MAIL_KINDS)[K] extends MailKindEntry<infer I> ? I : never;

/** Kinds whose mail is withdrawn, unsent, once its document is rejected. */
export const DOCUMENT_BOUND_KINDS: readonly MailKind[] = (Object.keys(MAIL_KINDS) as OrderMailKind[]).filter(
  (kind) => MAIL_KINDS[kind].documentBound,
);
