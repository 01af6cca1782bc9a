import { CE3_MIN_MATCHES, disputeLabel, type OrderDetail } from '@eta/shared';
import { DetailSection, FieldGrid } from '../../../../components/DetailSection.tsx';
import { capitalise, orDash, stamp } from '../format.ts';

const THREE_DS: Record<string, string> = {
  authenticated: 'Authenticated',
  attempted: 'Attempted',
  not_enrolled: 'Card not enrolled',
  failed: 'Failed',
  none: 'Not used',
};

const wrap = (value: string | null) => <span className="text-break">{orDash(value)}</span>;

/** Visa Compelling Evidence 3.0 in a line: whether it applies and the earlier orders that make it (DESIGN §15). */
function ce3Text(order: OrderDetail): string | null {
  if (!order.purchase.card_fingerprint) return null;
  const { eligible, matches } = order.ce3;
  const ids = matches.map((m) => m.order_id).join(', ');
  if (eligible) return `Qualifies: ${matches.length} earlier undisputed orders with the same card (${ids})`;
  return `Does not qualify: ${matches.length} of the ${CE3_MIN_MATCHES} earlier orders needed${ids ? ` (${ids})` : ''}`;
}

/** "Visa •••• 4242", "•••• 4242", or '-'. */
function card(p: OrderDetail['purchase']): string | null {
  if (!p.card_last4 && !p.card_brand) return null;
  return [p.card_brand ? capitalise(p.card_brand) : null, p.card_last4 ? `•••• ${p.card_last4}` : null]
    .filter(Boolean)
    .join(' ');
}

/**
 * Section 7 of SPEC §2: what a chargeback dispute asks for first, and the purchase evidence the
 * website sent with the order (DESIGN §15): who paid, from where, on which terms, how the card was checked.
 */
export function PaymentDetails({ order }: { order: OrderDetail }) {
  const p = order.purchase;
  const shown = p.disclaimer_shown === null ? null : p.disclaimer_shown ? 'Yes' : 'No';
  return (
    <DetailSection id="payment-details" title="Payment Details">
      <FieldGrid
        fields={[
          { label: 'Amount', value: orDash(order.amount) },
          { label: 'Currency', value: order.currency },
          { label: 'Processing Type', value: capitalise(order.processing_type) },
          { label: 'Transaction Id', value: wrap(order.transaction_id) },
          { label: 'Merchant Name', value: order.merchant_name },
          { label: 'Landing Site', value: wrap(order.landing_site) },
          { label: 'Payment Processor', value: p.payment_processor ? disputeLabel(p.payment_processor) : null },
          { label: 'Gateway', value: p.gateway_name },
          { label: 'Payment Reference', value: wrap(p.payment_reference) },
          { label: 'Card', value: card(p) },
          { label: 'Card Fingerprint', value: wrap(p.card_fingerprint) },
          { label: '3-D Secure', value: p.three_ds_result ? THREE_DS[p.three_ds_result] : null },
          {
            label: 'AVS / CVC',
            value: p.avs_result || p.cvc_result ? `${orDash(p.avs_result)} / ${orDash(p.cvc_result)}` : null,
          },
          { label: 'Purchase IP', value: p.purchase_ip },
          { label: 'Device Id', value: wrap(p.device_id) },
          {
            label: 'Terms Accepted',
            value:
              p.terms_version || p.terms_accepted_at
                ? `${orDash(p.terms_version)}, ${stamp(p.terms_accepted_at)}`
                : null,
          },
          { label: 'Refund Policy', value: p.refund_policy_version },
          { label: 'Disclaimer Shown', value: shown },
          { label: 'Visa CE 3.0', value: ce3Text(order), wide: 'half' },
          { label: 'Purchase Browser', value: wrap(p.purchase_user_agent), wide: true },
        ]}
      />
    </DetailSection>
  );
}
