import {
  type Ce3Result,
  DETAIL_MSG,
  DISPUTE_PROCESSORS,
  type DisputeProcessor,
  defenceEnabled,
  defenceRefusedMessage,
  disputeLabel,
  formatMoney,
  MAIL_KIND,
  MAIL_STATUS,
  type MailKind,
  ORDER_EVENT,
  processorOfGateway,
  type ReasonCategory,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { ce3For, openDisputeOf } from '../disputes/index.ts';
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
  /** who the letter is addressed to: the processor that took the payment (addresseeOf) */
  processor: string;
  /** whose limits the pack is fitted to by default: the same processor, as a profile (DESIGN §15) */
  profile: DisputeProcessor;
  /** the current approved document; null when there is none (never uploaded, or the latest rejected) */
  document: Awaited<ReturnType<typeof repo.approvedDocument>> | null;
  /** the mails that carried the current document to the customer; a withdrawn document's never count */
  mails: EvidenceMail[];
  /** the approval mail as it went out: the first one sent, else the first reminder sent, else the latest queued */
  approvalMail: EvidenceMail | null;
  /** the downloads of the current document */
  downloads: EvidenceDownload[];
  /** the order's events that are evidence of the service (timeline.ts picks); document events are not among them */
  events: EvidenceEvent[];
  /**
   * Visa Compelling Evidence 3.0 (DESIGN §15) with the earlier orders of the same card that make it;
   * null when the pack does not state it: only a fraud dispute that qualifies gains by it (DESIGN §22)
   */
  ce3: Ce3Result | null;
  /** only when the member asked for it ("Include passport image"): some processors refuse identity documents */
  passport: Awaited<ReturnType<typeof repo.passportImage>> | null;
  generatedAt: string;
}

/** Visa CE 3.0 answers fraud disputes (reason 10.4 and the like) only: elsewhere it proves nothing asked. */
const CE3_CATEGORY = 'fraud' satisfies ReasonCategory;

/** Uploads and rejections: the current document speaks for itself (its own upload time), earlier ones not at all. */
const DOCUMENT_EVENTS = new Set<string>([ORDER_EVENT.document, ORDER_EVENT.rejection]);

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
 * Who took this order's payment (DESIGN §15): the processor of its open dispute, else the processor
 * the website named, else the gateway recorded when the order arrived; PAYMENT_PROCESSOR_NAME only
 * when the order says none of these. Never the gateway active today: it may have changed since.
 */
function addresseeOf(order: EvidenceOrder, disputeProcessor: string | null, fallback: string | null): string {
  const processor = disputeProcessor ?? order.payment_processor;
  if (processor && processor !== 'other') return disputeLabel(processor);
  return order.gateway_name?.trim() || fallback || 'Payment Processor';
}

/** The profile a pack is fitted to by default: the processor that took the payment, else the common limits. */
function profileOf(order: EvidenceOrder, disputeProcessor: string | null): DisputeProcessor {
  const named = disputeProcessor ?? order.payment_processor;
  if (named && (DISPUTE_PROCESSORS as readonly string[]).includes(named)) return named as DisputeProcessor;
  return processorOfGateway(order.gateway_name) ?? 'other';
}

/**
 * A pack states only what is true of the current approved document (issue 18): the mails that
 * carried it and its downloads. A document rejected or replaced, its mails, its downloads and the
 * rejection itself are not delivery and are left out.
 */
function ofCurrentDocument<T extends { document_id: number | null }>(
  rows: readonly T[],
  document: { id: number } | undefined,
): T[] {
  if (!document) return [];
  return rows.filter((r) => r.document_id !== null && r.document_id === document.id);
}

/**
 * Loads the evidence of one order: 404 when it does not exist, 409 (naming its status) when it is
 * not in a status where defence packs are offered (SPEC §4).
 */
export async function loadEvidence(
  ctx: AppContext,
  orderId: string,
  options: { includePassport?: boolean } = {},
): Promise<Evidence> {
  const order = await repo.findOrder(ctx.db, orderId);
  if (!order) throw AppError.notFound(DETAIL_MSG.orderNotFound);
  if (!defenceEnabled(order.process_status)) {
    throw AppError.conflict(defenceRefusedMessage(order.process_status), { process_status: order.process_status });
  }
  const id = order.id;
  const secondary = order.domain === 'secondary';
  const [document, mails, downloads, events, passport, dispute] = await Promise.all([
    repo.approvedDocument(ctx.db, id),
    repo.mails(ctx.db, id),
    repo.downloads(ctx.db, id),
    repo.events(ctx.db, id),
    options.includePassport ? repo.passportImage(ctx.db, id) : Promise.resolve(undefined),
    openDisputeOf(ctx.db, id),
  ]);
  const disputeProcessor = dispute?.processor ?? null;
  const ce3 = dispute?.reason_category === CE3_CATEGORY ? await ce3For(ctx.db, order) : null;
  const domain = secondary ? 'secondary' : 'primary';
  const amountMinor = order.amount_minor === null ? null : Number(order.amount_minor);
  const delivering = ofCurrentDocument(mails, document).filter((m) =>
    DOCUMENT_BOUND_KINDS.includes(m.kind as MailKind),
  );
  return {
    order,
    orderDbId: id,
    applicant: [order.first_name, order.sur_name].filter((s) => s?.trim()).join(' ') || 'the applicant',
    amount: amountMinor === null ? null : formatMoney(amountMinor, order.currency),
    site: {
      name: ctx.config.sites[domain].name,
      url: order.landing_site?.trim() || ctx.config.publicBaseUrl[domain].replace(/\/+$/, ''),
    },
    processor: addresseeOf(order, disputeProcessor, ctx.config.business.paymentProcessorName),
    profile: profileOf(order, disputeProcessor),
    document: document ?? null,
    mails: delivering,
    approvalMail: approvalMailOf(delivering),
    downloads: ofCurrentDocument(downloads, document),
    events: events.filter((e) => !DOCUMENT_EVENTS.has(e.kind)),
    ce3: ce3?.eligible ? ce3 : null,
    passport: passport ?? null,
    generatedAt: nowIso(ctx.clock),
  };
}

/** Distinct download addresses, in the order they first appear. */
export const downloadIps = (evidence: Evidence): string[] => [...new Set(evidence.downloads.map((d) => d.ip))];

/**
 * "2 of 3 downloads from the purchase IP (…)"; null without a purchase IP or a download from it:
 * "0 of 3" would be evidence against the merchant, which a pack never volunteers (DESIGN §22).
 */
export function purchaseIpDownloads(evidence: Evidence): string | null {
  const ip = evidence.order.purchase_ip;
  const n = evidence.downloads.length;
  if (!ip || n === 0) return null;
  const k = evidence.downloads.filter((d) => d.ip === ip).length;
  if (k === 0) return null;
  return `${k} of ${n} ${n === 1 ? 'download' : 'downloads'} from the purchase IP (${ip})`;
}
