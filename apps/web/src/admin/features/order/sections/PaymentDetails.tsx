import type { OrderDetail } from '@eta/shared';
import { DetailSection, FieldGrid } from '../DetailSection.tsx';
import { capitalise, orDash } from '../format.ts';

/** Section 7 of SPEC §2: what a chargeback dispute asks for first. */
export function PaymentDetails({ order }: { order: OrderDetail }) {
  return (
    <DetailSection id="payment-details" title="Payment Details">
      <FieldGrid
        fields={[
          { label: 'Amount', value: orDash(order.amount) },
          { label: 'Currency', value: order.currency },
          { label: 'Processing Type', value: capitalise(order.processing_type) },
          { label: 'Transaction Id', value: <span className="text-break">{orDash(order.transaction_id)}</span> },
          { label: 'Merchant Name', value: order.merchant_name },
          { label: 'Landing Site', value: <span className="text-break">{orDash(order.landing_site)}</span> },
        ]}
      />
    </DetailSection>
  );
}
