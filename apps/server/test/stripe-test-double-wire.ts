/**
 * Stripe's wire format as the TEST DOUBLE (stripe-test-double.ts) reads and writes it: form-encoded
 * bodies with bracketed keys (`metadata[order]=1`, `evidence[x][0][charge]=ch_1`), and Stripe's
 * error object (`{ error: { type, code, message, param } }`).
 */

/** A refusal the double answers as Stripe does. */
export class StripeRefusal extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly param: string | null;
  readonly type: string;
  constructor(status: number, code: string | null, message: string, param: string | null, type?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.param = param;
    this.type =
      type ??
      (status === 402
        ? 'card_error'
        : status === 429
          ? 'invalid_request_error'
          : status >= 500
            ? 'api_error'
            : 'invalid_request_error');
  }
}

export function stripeError(refusal: StripeRefusal) {
  return {
    error: {
      type: refusal.type,
      message: refusal.message,
      ...(refusal.code ? { code: refusal.code } : {}),
      ...(refusal.param ? { param: refusal.param } : {}),
    },
  };
}

type Tree = { [key: string]: Tree | string };

/** `a[b][0][c]=v` → { a: { b: [ { c: v } ] } }, as Stripe's servers read the package's encoding. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Tree = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split('[').map((p, i) => (i === 0 ? p : p.replace(/\]$/, '')));
    let node: Tree = root;
    for (const [i, part] of parts.entries()) {
      if (i === parts.length - 1) {
        node[part] = value;
      } else {
        const next = node[part];
        node[part] = typeof next === 'object' ? next : {};
        node = node[part] as Tree;
      }
    }
  }
  return arrays(root) as Record<string, unknown>;
}

/** Objects keyed 0, 1, 2 … are arrays. */
function arrays(node: Tree | string): unknown {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const values = Object.fromEntries(keys.map((k) => [k, arrays(node[k] as Tree | string)]));
  if (keys.length > 0 && keys.every((k, i) => k === String(i))) return keys.map((k) => values[k]);
  return values;
}

/** The evidence fields Stripe's dispute update takes (anything else is refused). */
export const TEXT_EVIDENCE = [
  'access_activity_log',
  'billing_address',
  'cancellation_policy_disclosure',
  'cancellation_rebuttal',
  'customer_email_address',
  'customer_name',
  'customer_purchase_ip',
  'duplicate_charge_explanation',
  'duplicate_charge_id',
  'product_description',
  'refund_policy_disclosure',
  'refund_refusal_explanation',
  'service_date',
  'shipping_address',
  'shipping_carrier',
  'shipping_date',
  'shipping_tracking_number',
  'uncategorized_text',
] as const;
export const FILE_EVIDENCE = [
  'cancellation_policy',
  'customer_communication',
  'customer_signature',
  'duplicate_charge_documentation',
  'receipt',
  'refund_policy',
  'service_documentation',
  'shipping_documentation',
  'uncategorized_file',
] as const;
/** Stripe's limit on all evidence text together. */
export const EVIDENCE_TEXT_LIMIT = 150_000;

/** A dispute as the double keeps it (Stripe's dispute object, the fields the desk reads). */
export interface DoubleDispute {
  id: string;
  object: 'dispute';
  charge: string;
  amount: number;
  currency: string;
  status: string;
  evidence: Record<string, unknown>;
  evidence_details: { due_by: number; submission_count: number; has_evidence: boolean; past_due: boolean };
}
