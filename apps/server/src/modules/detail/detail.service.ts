import {
  type DataRemoval,
  DETAIL_MSG,
  dialCodeOf,
  type Flag,
  INGEST_TEXT_FIELDS,
  type IngestTextField,
  MAIL_STATUS,
  type MailHistoryRecord,
  type OrderDetail,
  type PurchaseEvidence,
  type PurchaseEvidenceField,
  type ShownMailStatus,
  type TokenUser,
  type UploadDocRecord,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ce3For, toDisputeRecord } from '../disputes/index.ts';
import { deliveryOf, orderConversation } from '../inbox/index.ts';
import * as repo from './detail.repository.ts';
import { relatedOrdersOf } from './related-orders.repository.ts';

/** Staff-only links; the client sends its token in Authorization and shows the bytes it gets. */
export const imageUrl = (orderId: string, kind: 'passport' | 'selfie') =>
  `/api/admin/order-image/${encodeURIComponent(orderId)}/${kind}`;
export const documentUrl = (orderId: string, documentId: number) =>
  `/api/admin/order-document/${encodeURIComponent(orderId)}/${documentId}`;

const TEXT_FIELDS = Object.keys(INGEST_TEXT_FIELDS) as IngestTextField[];
const flag = (value: string | null): Flag => (value === 'Y' ? 'Y' : 'N');
const shownStatus = (status: string): ShownMailStatus =>
  status === MAIL_STATUS.sent || status === MAIL_STATUS.failed ? status : MAIL_STATUS.queued;

/** "39.99" from 3999 minor units: exact, two places, as text. */
export const decimalOf = (minor: number | null): string | null => {
  if (minor === null) return null;
  const n = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
};

function parseExtra(raw: string | null): OrderDetail['extra_answers'] {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as OrderDetail['extra_answers'];
  } catch {
    return null;
  }
}

/** Payment Details' purchase evidence (DESIGN §15) from the order's columns. */
function purchaseOf(order: Record<PurchaseEvidenceField | 'payment_reference', unknown>): PurchaseEvidence {
  const text = (field: PurchaseEvidenceField | 'payment_reference') => (order[field] as string | null) ?? null;
  const shown = order.disclaimer_shown;
  return {
    purchase_ip: text('purchase_ip'),
    purchase_user_agent: text('purchase_user_agent'),
    device_id: text('device_id'),
    terms_version: text('terms_version'),
    terms_accepted_at: text('terms_accepted_at'),
    refund_policy_version: text('refund_policy_version'),
    disclaimer_shown: shown === null || shown === undefined ? null : Number(shown) === 1,
    three_ds_result: text('three_ds_result') as PurchaseEvidence['three_ds_result'],
    avs_result: text('avs_result'),
    cvc_result: text('cvc_result'),
    card_fingerprint: text('card_fingerprint'),
    card_last4: text('card_last4'),
    card_brand: text('card_brand'),
    payment_processor: text('payment_processor') as PurchaseEvidence['payment_processor'],
    gateway_name: text('gateway_name'),
    payment_reference: text('payment_reference'),
  };
}

/** GET /admin/get-orders-details/{orderId}: SPEC §3 orderDetails, its nested lists and the Activity log. */
export async function orderDetail(ctx: AppContext, staff: TokenUser, orderId: string): Promise<OrderDetail> {
  const found = await repo.findOrderWithLists(ctx.db, orderId);
  if (!found) throw AppError.notFound(DETAIL_MSG.orderNotFound);
  const { order, documents, mails, downloads, remarks, events, disputes, imageKinds: kinds } = found;

  const uploadDoc: UploadDocRecord[] = documents.map((d) => ({
    id: d.id,
    file1: d.file1,
    customer_name: d.customer_name,
    is_rejected_doc: d.is_rejected_doc === 'Yes' ? 'Yes' : 'No',
    mail_service_provider: d.mail_service_provider as UploadDocRecord['mail_service_provider'],
    content_type: d.content_type,
    size: Number(d.size),
    uploaded_by: d.uploader_name ?? '',
    created_at: d.created_at,
    url: documentUrl(order.order_id, d.id),
    removed_at: d.removed_at ?? null,
  }));
  const docById = new Map(uploadDoc.map((d) => [d.id, d]));
  const mailHistory: MailHistoryRecord[] = mails.map((m) => ({
    id: m.id,
    order_id: order.order_id,
    create_ts: m.sent_at ?? m.created_at,
    remainder_mail: Number(m.remainder_mail) === 1 ? 1 : 0,
    kind: m.kind as MailHistoryRecord['kind'],
    provider: m.provider as MailHistoryRecord['provider'],
    to_address: m.to_address,
    status: shownStatus(m.status),
    attempts: Number(m.attempts),
    last_error: m.last_error,
    sent_at: m.sent_at,
    uploadDoc: m.document_id === null ? null : (docById.get(m.document_id) ?? null),
    ...deliveryOf(m),
  }));
  const images = {
    passport: kinds.has('passport') ? imageUrl(order.order_id, 'passport') : null,
    selfie: kinds.has('selfie') ? imageUrl(order.order_id, 'selfie') : null,
  };
  const text = Object.fromEntries(TEXT_FIELDS.map((f) => [f, order[f]])) as Record<IngestTextField, string | null>;

  return {
    ...text,
    order_id: order.order_id,
    process_status: order.process_status,
    first_name: order.first_name,
    sur_name: order.sur_name,
    full_name: [order.first_name, order.sur_name].filter((s) => s?.trim()).join(' '),
    contact_email_address: order.contact_email_address,
    country_code: dialCodeOf(order.country_code),
    country_code_raw: order.country_code,
    passport_image: images.passport,
    upload_image: images.selfie,
    extra_answers: parseExtra(order.extra_answers),
    assign_to: order.holder_name ?? '',
    assigned_to_me: order.assigned_to === staff.id,
    domain: order.domain === 'secondary' ? 'secondary' : 'primary',
    processing_type: order.processing_type,
    amount: decimalOf(order.amount_minor === null ? null : Number(order.amount_minor)),
    currency: order.currency,
    refund_date: order.refund_date,
    follow_up_on: order.follow_up_on ?? null,
    processed_by: order.processor_name ?? '',
    created_at: order.created_at,
    // "Last updated" counts every change the Activity lists (a rejection mail, a remark, a mail
    // sent), not only writes to the order's own row (issue 21)
    updated_at: events.reduce((latest, e) => (e.created_at > latest ? e.created_at : latest), order.updated_at),
    sla_due_at: order.sla_due_at ?? null,
    sla_met_at: order.sla_met_at ?? null,
    sla_paused_at: order.sla_paused_at ?? null,
    uploadDoc,
    mailHistory,
    downloadHistory: downloads.map((d) => ({ order_id: order.order_id, ...d })),
    remark: remarks.map((r) => ({
      id: r.id,
      order_id: order.order_id,
      us_date: r.us_date,
      us_time: r.us_time,
      remark_name: r.remark_name,
      remark: r.remark,
      whatsapp: flag(r.whatsapp),
      telephone: flag(r.telephone),
      status_refund: flag(r.status_refund),
      voided: flag(r.voided),
      chargeback: flag(r.chargeback),
      report_error: flag(r.report_error),
      created_at: r.created_at,
    })),
    events: events.map((e) => ({ ...e, staff_name: e.staff_name ?? '' })),
    purchase: purchaseOf(order),
    data_removal: {
      images_removed_at: order.images_removed_at ?? null,
      documents_removed_at: order.documents_removed_at ?? null,
      personal_erased_at: order.personal_erased_at ?? null,
      reason: (order.removal_reason as DataRemoval['reason']) ?? null,
    },
    ce3: await ce3For(ctx.db, order),
    disputes: disputes.map((d) => toDisputeRecord({ ...d, public_order_id: order.order_id }, ctx.clock())),
    images,
    relatedOrders: await relatedOrdersOf(ctx.db, order),
    conversation: await orderConversation(ctx.db, ctx.config, order.id),
    customer_replied_at: order.customer_replied_at ?? null,
  };
}
