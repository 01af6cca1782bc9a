import { decodeOrderRef, SCREENS } from '@eta/shared';
import { useParams } from 'react-router';
import { Placeholder } from './Placeholder.tsx';

/** /admin/view-order/{ref}: the order id travels base64url-encoded in the path (DESIGN §5). */
export function ViewOrderPage() {
  const { orderRef = '' } = useParams();
  const orderId = decodeOrderRef(orderRef);
  return (
    <Placeholder title={SCREENS.viewOrder.title}>
      <p className="mb-1">Order Id: {orderId ?? '-'}</p>
    </Placeholder>
  );
}
