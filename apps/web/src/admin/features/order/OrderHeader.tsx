import { FOLDERS, folderRoute, type OrderDetail, STATUS } from '@eta/shared';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useLocation, useNavigate } from 'react-router';
import { ServiceLevelBadge } from '../../../components/ServiceLevelBadge.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { statusText } from './format.ts';
import { ORDER_TEXT } from './texts.ts';

/** Colours by what the status asks of a member: act (blue/amber), done (green), ended (red, grey). */
const STATUS_BG: Readonly<Record<string, string>> = {
  [STATUS.New]: 'primary',
  [STATUS.Priority]: 'warning',
  [STATUS.Completed]: 'success',
  [STATUS.CustomerCalled]: 'info',
  [STATUS.Deleted]: 'secondary',
  [STATUS.Rejected]: 'danger',
  [STATUS.ChargeBack]: 'danger',
  [STATUS.Refunds]: 'dark',
};

export function StatusBadge({ status }: { status: string }) {
  const bg = STATUS_BG[status] ?? 'secondary';
  return (
    <Badge bg={bg} text={bg === 'warning' || bg === 'info' ? 'dark' : undefined} data-testid="order-status">
      {statusText(status)}
    </Badge>
  );
}

export const NEW_ORDERS = folderRoute(FOLDERS.find((f) => f.name === 'newOrder')?.path ?? 'recent-order');

interface OrderHeaderProps {
  order: OrderDetail;
  refreshing: boolean;
  onRefresh: () => void;
}

/** Title with the order id (also the document title), its status and holder, Back and Refresh. */
export function OrderHeader({ order, refreshing, onRefresh }: OrderHeaderProps) {
  usePageTitle(`Order ${order.order_id}`);
  const navigate = useNavigate();
  const location = useLocation();
  // Back to the queue the member came from; a link opened on its own goes to New Orders.
  const back = () => (location.key === 'default' ? navigate(NEW_ORDERS) : navigate(-1));
  return (
    <div className="order-header">
      <Button variant="link" className="order-back px-0" onClick={() => void back()}>
        ← Back
      </Button>
      <div className="order-title">
        <h1 className="h4 mb-0">
          <span className="text-secondary fw-normal">Order Details</span>{' '}
          <span className="text-nowrap">{order.order_id}</span>
        </h1>
        <div className="order-badges">
          <StatusBadge status={order.process_status} />
          <ServiceLevelBadge order={order} />
          {order.assign_to && (
            <Badge bg="light" text="dark" className="border">
              {order.assigned_to_me ? 'Assigned to you' : `Assigned to ${order.assign_to}`}
            </Badge>
          )}
          {order.full_name && <span className="text-secondary small">{order.full_name}</span>}
        </div>
      </div>
      <div className="order-header-actions">
        <a href="#add-comment" className="btn btn-sm btn-outline-primary d-xl-none">
          {ORDER_TEXT.addComment}
        </a>
        <Button variant="outline-primary" size="sm" onClick={onRefresh} disabled={refreshing}>
          {refreshing && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
          {ORDER_TEXT.refresh}
        </Button>
      </div>
    </div>
  );
}
