import { ADMIN_ROUTE, encodeOrderRef, formatUtcDateTime, type RelatedOrder, statusLabel } from '@eta/shared';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { DetailSection } from '../../../../components/DetailSection.tsx';

const MATCH_LABEL: Record<RelatedOrder['match'][number], string> = {
  email: 'Same email',
  phone: 'Same phone',
  card: 'Same card',
};

/** The customer's other orders (DESIGN §23): by email, phone or card, each a link to its detail. */
export function RelatedOrders({ related }: { related: RelatedOrder[] }) {
  if (related.length === 0) return null;
  return (
    <DetailSection
      id="related-orders"
      title="The Customer's Other Orders"
      aside={<span className="small text-secondary">{related.length}</span>}
      flush
    >
      <Table size="sm" className="mb-0 align-middle" responsive>
        <thead>
          <tr>
            <th scope="col">Order Id</th>
            <th scope="col">Status</th>
            <th scope="col">Date & Time</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {related.map((other) => (
            <tr key={other.order_id}>
              {/* an order id is read and compared whole: never broken over two lines */}
              <td className="text-nowrap">
                <Link to={`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(other.order_id)}`} className="fw-semibold">
                  {other.order_id}
                </Link>
              </td>
              <td>{statusLabel(other.process_status)}</td>
              <td className="text-nowrap">{formatUtcDateTime(other.created_at) ?? '-'}</td>
              <td>{other.match.map((m) => MATCH_LABEL[m]).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </DetailSection>
  );
}
