import {
  ADMIN_ROUTE,
  daysLeft,
  encodeOrderRef,
  formatUtcDate,
  formatUtcDateTime,
  isHeldByOther,
  type OrderListItem,
  REFUND_STATE_LABEL,
  statusLabel,
} from '@eta/shared';
import { createColumnHelper } from '@tanstack/react-table';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { ServiceLevelBadge } from '../../../components/ServiceLevelBadge.tsx';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { DISPUTE_TEXT, DueDate } from '../disputes/index.ts';
import { FollowUpDueBadge } from '../follow-ups/index.ts';
import { CustomerRepliedBadge } from '../inbox/index.ts';
import type { QueueView } from './views.ts';

const col = createColumnHelper<OrderListItem>();
/** Missing values show as '-' (SPEC §5's rule for report tables, kept for queues too). */
const MISSING = '-';
const orDash = (value: string | null | undefined) => (value?.trim() ? value : MISSING);

export interface ColumnOptions {
  view: QueueView;
  onDelete: (order: OrderListItem) => void;
}

const REFUND_BADGE: Record<NonNullable<OrderListItem['refund_state']>, string> = {
  requested: 'text-bg-secondary',
  pending: 'text-bg-info',
  succeeded: 'text-bg-success',
  failed: 'text-bg-danger',
  canceled: 'text-bg-warning',
};

/**
 * DESIGN §26: the latest refund through Stripe, from the list reply (no call per row), beside the
 * status as a badge so the Refunds queue keeps SPEC §2's columns; nothing when there is none.
 */
function RefundStateBadge({ state }: { state: OrderListItem['refund_state'] }) {
  if (!state) return null;
  return (
    <span className={`badge ${REFUND_BADGE[state]}`} data-testid="refund-state">
      {REFUND_STATE_LABEL[state]}
    </span>
  );
}

function HolderBadge({ order }: { order: OrderListItem }) {
  if (!order.assign_to) return null;
  const mine = order.assigned_to_me;
  return (
    <span
      className={`badge holder-badge${mine ? ' mine' : ''}`}
      title={mine ? WEB_TEXT.heldByYou : `${WEB_TEXT.heldBy} ${order.assign_to}`}
    >
      {order.assign_to}
    </span>
  );
}

/** SPEC §2: in New, Priority and Process March, another member's order cannot be opened from here. */
const greyed = (order: OrderListItem, view: QueueView) =>
  view.greyHeld &&
  isHeldByOther({ process_status: order.process_status, held: order.assign_to !== '', heldByMe: order.assigned_to_me });

/** DESIGN §23: the order id is a link to its detail (not for a greyed row); useQueueKeys opens rows through it. */
function OrderIdLink({ order, view }: { order: OrderListItem; view: QueueView }) {
  if (greyed(order, view)) return <span className="fw-semibold">{order.order_id}</span>;
  return (
    <Link to={`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(order.order_id)}`} className="order-link fw-semibold">
      {order.order_id}
    </Link>
  );
}

function ViewLink({ order, view }: { order: OrderListItem; view: QueueView }) {
  if (greyed(order, view)) {
    return (
      // A disabled button shows no tooltip of its own: the wrapper carries who holds the order.
      <span className="d-inline-block" title={`${WEB_TEXT.heldBy} ${order.assign_to}`}>
        <Button size="sm" variant="outline-secondary" className="view-held" disabled>
          View
        </Button>
      </span>
    );
  }
  return (
    <Link to={`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(order.order_id)}`} className="btn btn-sm btn-outline-primary">
      View
    </Link>
  );
}

/**
 * The columns of SPEC §2: Order Id, Name, Email, Telephone, Date & Time, Status, Action, with
 * Telephone dropped on Contact Customer, the Refund table's own set, and ChargeBack's "Respond by"
 * next to the id (DESIGN §14: the deadline its rows are sorted by). Column ids are the server's sort
 * names, so a header click sorts on the server.
 */
export function queueColumns({ view, onDelete }: ColumnOptions) {
  const select = col.display({
    id: 'select',
    enableSorting: false,
    header: ({ table }) => (
      <input
        type="checkbox"
        className="form-check-input"
        aria-label={WEB_TEXT.selectAll}
        checked={table.getIsAllRowsSelected()}
        ref={(el: HTMLInputElement | null) => {
          if (el) el.indeterminate = table.getIsSomeRowsSelected();
        }}
        disabled={table.getRowModel().rows.length === 0}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        className="form-check-input"
        aria-label={`${WEB_TEXT.selectRow} ${row.original.order_id}`}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  });
  const orderId = col.accessor('order_id', {
    header: 'Order Id',
    cell: (c) => <OrderIdLink order={c.row.original} view={view} />,
  });
  // Long names wrap and long emails are cut (full text on hover), so Status and Action stay in view.
  const name = col.accessor((o) => [o.first_name, o.sur_name].filter(Boolean).join(' '), {
    id: 'first_name',
    header: 'Name',
    cell: (c) => (
      <span className="cell-name" title={orDash(c.getValue())}>
        {orDash(c.getValue())}
      </span>
    ),
  });
  const email = col.accessor((o) => o.contact_email_address ?? '', {
    id: 'contact_email_address',
    header: 'Email',
    cell: (c) => (
      <span className="cell-email" title={c.getValue()}>
        {orDash(c.getValue())}
      </span>
    ),
  });
  const telephone = col.accessor((o) => o.phone_number ?? '', {
    id: 'phone_number',
    header: 'Telephone',
    cell: (c) => <span className="text-nowrap">{orDash(c.getValue())}</span>,
  });
  const dateTime = col.accessor('created_at', {
    header: 'Date & Time',
    cell: (c) => <span className="cell-datetime">{formatUtcDateTime(c.getValue()) ?? MISSING}</span>,
  });
  const refundDate = col.accessor((o) => o.refund_date ?? '', {
    id: 'refund_date',
    header: 'Refund Date',
    cell: (c) => <span className="text-nowrap">{formatUtcDate(c.getValue()) ?? MISSING}</span>,
  });
  // DESIGN §14: the order's nearest dispute deadline, its days left counted now (the server's rule, shared).
  const respondBy = col.accessor((o) => o.respond_by ?? '', {
    id: 'respond_by',
    header: DISPUTE_TEXT.respondBy,
    cell: (c) => {
      const at = c.row.original.respond_by;
      return <DueDate respondBy={at} days={at ? daysLeft(at, Date.now()) : null} />;
    },
  });
  const status = col.accessor('process_status', {
    header: 'Status',
    // The status as a person reads it (shared status-labels.ts), never the wire's literal. Beside it the service level (DESIGN §18), then who holds the order.
    cell: (c) => (
      <div className={view.columns === 'chargeback' ? 'status-cell status-cell-narrow' : 'status-cell'}>
        <span>{statusLabel(c.getValue())}</span>
        <ServiceLevelBadge order={c.row.original} />
        {view.showHolder && <HolderBadge order={c.row.original} />}
        <FollowUpDueBadge order={c.row.original} />
        <RefundStateBadge state={c.row.original.refund_state} />
        <CustomerRepliedBadge order={c.row.original} />
      </div>
    ),
  });
  const action = col.display({
    id: 'action',
    header: 'Action',
    enableSorting: false,
    cell: ({ row }) => (
      <div className="d-flex gap-2">
        <ViewLink order={row.original} view={view} />
        {view.rowDelete && (
          <Button size="sm" variant="outline-danger" onClick={() => onDelete(row.original)}>
            Delete
          </Button>
        )}
      </div>
    ),
  });

  // Checkboxes only where a bulk action can use them (issue 21: Deleted Orders had boxes and no action).
  const lead = view.bulk.length > 0 ? [select] : [];
  if (view.columns === 'refund') return [...lead, orderId, email, telephone, dateTime, refundDate, status, action];
  if (view.columns === 'noTelephone') return [...lead, orderId, name, email, dateTime, status, action];
  if (view.columns === 'chargeback')
    return [...lead, orderId, respondBy, name, email, telephone, dateTime, status, action];
  return [...lead, orderId, name, email, telephone, dateTime, status, action];
}
