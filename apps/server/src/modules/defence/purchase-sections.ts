import { CE3_FIELD_LABEL, CE3_MAX_DAYS, CE3_MIN_DAYS, disputeLabel } from '@eta/shared';
import { type Doc, heading, keyValues, paragraph } from '../../lib/pdf/document.ts';
import { table } from '../../lib/pdf/table.ts';
import { longDate, stampUtc } from '../../lib/pdf/text.ts';
import { type Evidence, purchaseIpDownloads } from './evidence.ts';

const CE3_LABEL = 'Visa Compelling Evidence 3.0';

const THREE_DS: Record<string, string> = {
  authenticated: 'authenticated by the card issuer',
  attempted: 'attempted (the issuer did not take part)',
  not_enrolled: 'card not enrolled',
  failed: 'failed',
  none: 'not used',
};

/** "Stripe", or "Acme Payments (Checkout.com)": the gateway, and the processor behind it when that is another name. */
function paidThrough(gateway: string | null, processor: string | null): string | null {
  const label = processor ? disputeLabel(processor) : null;
  if (!gateway?.trim()) return label;
  return label && label.toLowerCase() !== gateway.trim().toLowerCase() ? `${gateway} (${label})` : gateway;
}

/** The purchase evidence the website sent (DESIGN §15), the rows it has; none: an empty list. */
export function purchaseRows(evidence: Evidence): [string, string][] {
  const o = evidence.order;
  const card = [o.card_brand, o.card_last4 ? `ending ${o.card_last4}` : null].filter(Boolean).join(' ');
  const rows: [string, string | null][] = [
    ['Paid through', paidThrough(o.gateway_name, o.payment_processor)],
    ['Payment reference', o.payment_reference],
    ['Card', card || null],
    ['3-D Secure', o.three_ds_result ? (THREE_DS[o.three_ds_result] ?? o.three_ds_result) : null],
    [
      'Address and security code checks',
      o.avs_result || o.cvc_result ? `AVS ${o.avs_result ?? '-'}, CVC ${o.cvc_result ?? '-'}` : null,
    ],
    ['IP address of the purchase', o.purchase_ip],
    ['Device', o.device_id],
    ['Browser of the purchase', o.purchase_user_agent],
    [
      'Terms accepted',
      o.terms_version || o.terms_accepted_at
        ? [
            o.terms_version ? `version ${o.terms_version}` : null,
            o.terms_accepted_at ? `on ${stampUtc(o.terms_accepted_at)}` : null,
          ]
            .filter(Boolean)
            .join(' ')
        : null,
    ],
    ['Refund policy shown', o.refund_policy_version ? `version ${o.refund_policy_version}` : null],
    [
      'Not-government disclaimer shown',
      o.disclaimer_shown === null ? null : Number(o.disclaimer_shown) === 1 ? 'yes, before payment' : 'no',
    ],
    ['Downloads from the purchase IP', purchaseIpDownloads(evidence)],
  ];
  return rows.filter((r): r is [string, string] => r[1] !== null && r[1] !== '');
}

/**
 * One line on Visa CE 3.0 for the order facts of both packs; null when the pack does not state it
 * (DESIGN §22: only a fraud dispute that qualifies). Pack 2 has no room for the table: the line names
 * the earlier orders.
 */
export function ce3Line(evidence: Evidence, withIds = false): [string, string] | null {
  const { ce3 } = evidence;
  if (!ce3) return null;
  const ids = withIds ? ` (${ce3.matches.map((m) => m.order_id).join(', ')})` : '';
  return [CE3_LABEL, `qualifies: ${ce3.matches.length} earlier undisputed orders with the same card${ids}`];
}

/** Type 1: the purchase as the website saw it, and Visa CE 3.0 with the earlier orders that make it when it qualifies. */
export function purchaseSection(doc: Doc, evidence: Evidence): void {
  const rows = purchaseRows(evidence);
  heading(doc, 'The purchase, as our website recorded it');
  if (rows.length > 0) keyValues(doc, rows, 190);
  else paragraph(doc, 'The website sent no purchase details with this order.');
  const line = ce3Line(evidence);
  if (!line || !evidence.ce3) return;
  heading(doc, CE3_LABEL);
  paragraph(
    doc,
    `This order ${line[1]}, placed ${CE3_MIN_DAYS} to ${CE3_MAX_DAYS} days before it, none disputed, each sharing at least two of IP address, device, email address and postal address with this order. Under Visa's Compelling Evidence 3.0 these show the cardholder made this purchase too.`,
  );
  table(
    doc,
    [
      { header: 'Earlier order', weight: 1.6 },
      { header: 'Placed', weight: 1.4 },
      { header: 'Shared with this order', weight: 3 },
    ],
    evidence.ce3.matches.map((m) => [
      m.order_id,
      longDate(m.created_at),
      m.shared.map((f) => CE3_FIELD_LABEL[f]).join(', '),
    ]),
  );
}
