import { formatUtcDate, type OrderDetail } from '@eta/shared';
import { DetailSection, FieldGrid } from '../../../../components/DetailSection.tsx';
import { capitalise, MISSING, orDash, stamp, statusText } from '../format.ts';

export const amountText = (order: Pick<OrderDetail, 'amount' | 'currency'>): string =>
  order.amount ? `${order.amount}${order.currency ? ` ${order.currency}` : ''}` : MISSING;

/** Section 3 of SPEC §2: the order itself, where it came from and who has worked it. */
export function OrderInfo({ order }: { order: OrderDetail }) {
  return (
    <DetailSection id="order-details" title="Order Details">
      <FieldGrid
        fields={[
          { label: 'Order Id', value: order.order_id },
          { label: 'Status', value: statusText(order.process_status) },
          { label: 'Assigned To', value: order.assign_to },
          { label: 'Domain', value: capitalise(order.domain) },
          { label: 'Processing Type', value: capitalise(order.processing_type) },
          { label: 'Amount', value: amountText(order) },
          { label: 'Transaction Id', value: order.transaction_id },
          { label: 'Merchant Name', value: order.merchant_name },
          { label: 'Landing Site', value: orDash(order.landing_site) },
          { label: 'Order Date (UTC)', value: stamp(order.created_at) },
          { label: 'Last Updated (UTC)', value: stamp(order.updated_at) },
          { label: 'Processed By', value: order.processed_by },
          { label: 'Refund Date', value: formatUtcDate(order.refund_date) ?? MISSING },
        ]}
      />
    </DetailSection>
  );
}
