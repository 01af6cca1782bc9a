import { z } from 'zod';
import { DISPUTE_PROCESSORS } from '../disputes.ts';
import { text } from './fields.ts';

/**
 * Purchase evidence (DESIGN §15): what the website saw when the customer bought, sent with the order
 * at ingestion and import, all optional. It is what wins a "fraud" dispute: the device, address and
 * terms of the purchase, and how the card was checked.
 */
export const THREE_DS_RESULTS = ['authenticated', 'attempted', 'not_enrolled', 'failed', 'none'] as const;
export type ThreeDsResult = (typeof THREE_DS_RESULTS)[number];

const optional = (max: number, field: string) =>
  z
    .union([text(), z.null()], { error: `${field} must be text.` })
    .optional()
    .transform((v) => (v == null ? null : v.trim() || null))
    .pipe(
      z
        .string()
        .max(max, { error: `${field} must be at most ${max} characters.` })
        .nullable(),
    );

const ipMessage = 'purchase_ip must be an IPv4 or IPv6 address.';
const ip = z
  .union([text(), z.null()], { error: ipMessage })
  .optional()
  .transform((v) => (v == null ? null : v.trim() || null))
  .pipe(z.union([z.ipv4({ error: ipMessage }), z.ipv6({ error: ipMessage }), z.null()], { error: ipMessage }));

const when = (field: string) => {
  const message = `${field} must be an ISO 8601 date and time.`;
  return z
    .union([z.iso.datetime({ offset: true, local: true, error: message }), z.null()], { error: message })
    .optional()
    .transform((v) => (v ? new Date(/([zZ]|[+-]\d{2}(:?\d{2})?)$/.test(v) ? v : `${v}Z`).toISOString() : null));
};

const oneOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z
    .union([z.enum(values), z.null()], { error: `${field} must be one of ${values.join(', ')}.` })
    .optional()
    .transform((v) => v ?? null);

export const purchaseEvidenceShape = {
  purchase_ip: ip,
  purchase_user_agent: optional(1000, 'purchase_user_agent'),
  device_id: optional(255, 'device_id'),
  terms_version: optional(50, 'terms_version'),
  terms_accepted_at: when('terms_accepted_at'),
  refund_policy_version: optional(50, 'refund_policy_version'),
  disclaimer_shown: z
    .union([z.boolean(), z.null()], { error: 'disclaimer_shown must be true or false.' })
    .optional()
    .transform((v) => v ?? null),
  three_ds_result: oneOf('three_ds_result', THREE_DS_RESULTS),
  avs_result: optional(20, 'avs_result'),
  cvc_result: optional(20, 'cvc_result'),
  /** the processor's fingerprint of the card, never a card number */
  card_fingerprint: optional(255, 'card_fingerprint'),
  card_last4: z
    .union([text().regex(/^\d{4}$/, { error: 'card_last4 must be 4 digits.' }), z.null()], {
      error: 'card_last4 must be 4 digits.',
    })
    .optional()
    .transform((v) => v ?? null),
  card_brand: optional(30, 'card_brand'),
  payment_processor: oneOf('payment_processor', DISPUTE_PROCESSORS),
  /** the gateway that took the payment; absent: the domain's active gateway when the order arrived */
  gateway_name: optional(120, 'gateway_name'),
};

export const PURCHASE_EVIDENCE_FIELDS = Object.keys(purchaseEvidenceShape) as (keyof typeof purchaseEvidenceShape)[];
export type PurchaseEvidenceField = (typeof PURCHASE_EVIDENCE_FIELDS)[number];

/** The purchase evidence as the order detail carries it (Payment Details). */
export const purchaseEvidenceSchema = z.strictObject({
  purchase_ip: z.string().nullable(),
  purchase_user_agent: z.string().nullable(),
  device_id: z.string().nullable(),
  terms_version: z.string().nullable(),
  terms_accepted_at: z.string().nullable(),
  refund_policy_version: z.string().nullable(),
  disclaimer_shown: z.boolean().nullable(),
  three_ds_result: z.enum(THREE_DS_RESULTS).nullable(),
  avs_result: z.string().nullable(),
  cvc_result: z.string().nullable(),
  card_fingerprint: z.string().nullable(),
  card_last4: z.string().nullable(),
  card_brand: z.string().nullable(),
  payment_processor: z.enum(DISPUTE_PROCESSORS).nullable(),
  gateway_name: z.string().nullable(),
  payment_reference: z.string().nullable(),
});
export type PurchaseEvidence = z.infer<typeof purchaseEvidenceSchema>;
