import {
  DETAIL_MSG,
  defenceEnabled,
  defenceRefusedMessage,
  formatMoney,
  MAIL_KIND,
  MAIL_STATUS,
  type MailKind,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { DOCUMENT_BOUND_KINDS } from '../mail/index.ts';
import * as repo from './defence.repository.ts';

export type EvidenceOrder = NonNullable<Awaited<ReturnType<typeof repo.findOrder>>>;
export type EvidenceMail = Awaited<ReturnType<typeof repo.mails>>[number];
export type EvidenceDownload = Awaited<ReturnType<typeof repo.downloads>>[number];
export type EvidenceEvent = Awaited<ReturnType<typeof repo.events>>[number];

/** What a defence letter and pack are made from: read once, so the letter and the pages agree. */
export interface Evidence {
  order: EvidenceOrder;
  orderDbId: number;
  applicant: string;
  /** "£39.99", or null when the order carries no amount */
  amount: string | null;
  /** the website the customer used */
  site: { name: string; url: string };
  /** who the letter is addressed to */
  processor: string;
  document: Awaited<ReturnType<typeof repo.approvedDocument>> | null;
  mails: EvidenceMail[];
  /** the approval mail as it went out: the first one sent, else the first reminder sent, else the latest queued */
  approvalMail: EvidenceMail | null;
  downloads: EvidenceDownload[];
  events: EvidenceEvent[];
  passport: Awaited<ReturnType<typeof repo.passportImage>> | null;
  generatedAt: string;
}

function approvalMailOf(mails: readonly EvidenceMail[]): EvidenceMail | null {
  const sent = mails.filter((m) => m.status === MAIL_STATUS.sent);
  return (
    sent.find((m) => m.kind === MAIL_KIND.approval) ??
    sent.find((m) => m.kind === MAIL_KIND.resend) ??
    // the mails that carry the document to the applicant (mail-kinds.ts documentBound)
    mails.filter((m) => DOCUMENT_BOUND_KINDS.includes(m.kind as MailKind)).at(-1) ??
    null
  );
}

/**
 * Loads the evidence of one order: 404 when it does not exist, 409 (naming its status) when it is
 * not in a status where defence packs are offered (SPEC §4).
 */
export async function loadEvidence(ctx: AppContext, orderId: string): Promise<Evidence> {
  const order = await repo.findOrder(ctx.db, orderId);
  if (!order) throw AppError.notFound(DETAIL_MSG.orderNotFound);
  if (!defenceEnabled(order.process_status)) {
    throw AppError.conflict(defenceRefusedMessage(order.process_status), { process_status: order.process_status });
  }
  const id = Number(order.id);
  const secondary = order.domain === 'secondary';
  const [document, mails, downloads, events, passport, gateway] = await Promise.all([
    repo.approvedDocument(ctx.db, id),
    repo.mails(ctx.db, id),
    repo.downloads(ctx.db, id),
    repo.events(ctx.db, id),
    repo.passportImage(ctx.db, id),
    ctx.config.business.paymentProcessorName ? Promise.resolve(null) : repo.activeGateway(ctx.db, secondary),
  ]);
  const domain = secondary ? 'secondary' : 'primary';
  const amountMinor = order.amount_minor === null ? null : Number(order.amount_minor);
  return {
    order,
    orderDbId: id,
    applicant: [order.first_name, order.sur_name].filter((s) => s?.trim()).join(' ') || 'the applicant',
    amount: amountMinor === null ? null : formatMoney(amountMinor, order.currency),
    site: {
      name: ctx.config.sites[domain].name,
      url: order.landing_site?.trim() || ctx.config.publicBaseUrl[domain].replace(/\/+$/, ''),
    },
    processor: ctx.config.business.paymentProcessorName ?? gateway ?? 'Payment Processor',
    document: document ?? null,
    mails,
    approvalMail: approvalMailOf(mails),
    downloads,
    events,
    passport: passport ?? null,
    generatedAt: nowIso(ctx.clock),
  };
}

/** Distinct download addresses, in the order they first appear. */
export const downloadIps = (evidence: Evidence): string[] => [...new Set(evidence.downloads.map((d) => d.ip))];
