import { DISPUTE_LABEL, DISPUTE_PROCESSORS, type DisputeProcessor } from './disputes.ts';

/**
 * What each processor accepts as dispute evidence (DESIGN §15): a pack is fitted to one of these or
 * refused with 422, never sent to be rejected. Sources (docs/decisions/0095-processor-profiles.md):
 * Stripe's dispute evidence limits (4.5 MB and 49 pages in all), Adyen's defense documents (PDF up to 2 MB, 19 pages),
 * Checkout.com's evidence files (4 MB a file), PayPal's uploads (under 10 MB); Solidgate and any
 * other processor get the common 4 MB and 19 pages. Operators change them with PACK_LIMITS.
 */
export interface PackProfile {
  /** bytes the pack may weigh at most */
  maxBytes: number;
  /** pages at most; null: no page limit */
  maxPages: number | null;
}

const MB = 1_000_000;

export const PACK_PROFILES: Readonly<Record<DisputeProcessor, PackProfile>> = {
  stripe: { maxBytes: 4.5 * MB, maxPages: 49 },
  adyen: { maxBytes: 2 * MB, maxPages: 19 },
  checkout: { maxBytes: 4 * MB, maxPages: 19 },
  // "less than 10 MB"
  paypal: { maxBytes: 10 * MB - 1, maxPages: null },
  solidgate: { maxBytes: 4 * MB, maxPages: 19 },
  other: { maxBytes: 4 * MB, maxPages: 19 },
};

/** "4.5 MB", "820 kB": sizes as the processors write them (decimal units). */
export function formatSize(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} kB`;
}

/** "Adyen accepts at most 2 MB and 19 pages; this pack is 2.6 MB and 23 pages." */
export function packTooLargeMessage(
  processor: DisputeProcessor,
  limit: PackProfile,
  size: { bytes: number; pages: number },
) {
  const accepts = `${formatSize(limit.maxBytes)}${limit.maxPages === null ? '' : ` and ${limit.maxPages} pages`}`;
  return `${DISPUTE_LABEL[processor]} accepts at most ${accepts}; this pack is ${formatSize(size.bytes)} and ${size.pages} pages even made smaller.`;
}

/** A gateway's name as the processor profile it belongs to ("Checkout.com" → checkout); null: none known. */
export function processorOfGateway(name: string | null | undefined): DisputeProcessor | null {
  const key = (name ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (!key) return null;
  if (key.startsWith('stripe')) return 'stripe';
  if (key.startsWith('adyen')) return 'adyen';
  if (key.startsWith('checkout')) return 'checkout';
  if (key.startsWith('paypal')) return 'paypal';
  if (key.startsWith('solidgate')) return 'solidgate';
  return null;
}

/**
 * The processor that took an order's payment (DESIGN §15): the one the website named, else the one
 * its gateway belongs to; `other` when the order names a processor or gateway outside §14's list
 * (Worldpay), as its defence pack's profile does; null only when it names neither. "Open dispute"
 * starts from it (DESIGN §23), and the demo's disputes agree with it.
 */
export function paymentProcessorOf(order: {
  payment_processor: string | null;
  gateway_name: string | null;
}): DisputeProcessor | null {
  const named = order.payment_processor;
  if (named && (DISPUTE_PROCESSORS as readonly string[]).includes(named)) return named as DisputeProcessor;
  const ofGateway = processorOfGateway(order.gateway_name);
  if (ofGateway) return ofGateway;
  return named || order.gateway_name ? 'other' : null;
}
