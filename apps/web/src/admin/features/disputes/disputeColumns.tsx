import {
  ADMIN_ROUTE,
  type DisputeRecord,
  type DisputeWithCe3,
  disputeLabel,
  encodeOrderRef,
  formatMoney,
  formatUtcDate,
} from '@eta/shared';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { Ce3Cell } from './Ce3Cell.tsx';
import { reasonText } from './DisputeCard.tsx';
import { DueDate } from './DueDate.tsx';
import { StateBadge } from './StateBadge.tsx';
import { DISPUTE_TEXT } from './texts.ts';

const col = createColumnHelper<DisputeWithCe3>();
// biome-ignore lint/suspicious/noExplicitAny: TanStack's own type for a list of mixed columns
export type DisputeColumns = ColumnDef<DisputeWithCe3, any>[];

// Processor and dispute id read as one name ("Stripe" over "dp_123"): the table then fits a laptop's width.
const dispute = col.accessor('processor', {
  id: 'dispute',
  header: DISPUTE_TEXT.dispute,
  cell: ({ row: { original: d } }) => (
    <span className="cell-stack">
      <span>{disputeLabel(d.processor)}</span>
      <span className="small text-secondary text-break">{d.processor_dispute_id}</span>
    </span>
  ),
});
const reason = col.accessor((d) => reasonText(d), { id: 'reason', header: DISPUTE_TEXT.reason });
const amount = col.accessor('amount_minor', {
  header: DISPUTE_TEXT.amount,
  cell: (c) => formatMoney(c.getValue(), c.row.original.currency),
  meta: { numeric: true },
});
const opened = col.accessor('opened_at', {
  header: DISPUTE_TEXT.opened,
  cell: (c) => formatUtcDate(c.getValue()) ?? '-',
});
const respondBy = col.accessor('respond_by', {
  header: DISPUTE_TEXT.respondBy,
  cell: ({ row: { original: d } }) => (
    <DueDate respondBy={d.respond_by} days={d.days_left} estimated={d.respond_by_estimated} />
  ),
});
// Where it stands, then how far it has gone: the badge is what a member scans for.
const state = col.accessor('state', {
  header: DISPUTE_TEXT.stateAndStage,
  cell: ({ row: { original: d } }) => (
    <span className="cell-stack align-items-start">
      <StateBadge state={d.state} />
      <span className="small text-secondary">{disputeLabel(d.stage)}</span>
    </span>
  ),
});

const orderId = col.accessor('order_id', {
  header: DISPUTE_TEXT.orderId,
  cell: (c) => {
    const id = c.getValue();
    return id ? (
      <Link to={`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(id)}`} className="fw-semibold">
        {id}
      </Link>
    ) : (
      <span className="text-secondary">{DISPUTE_TEXT.unmatchedTab}</span>
    );
  },
});

// Visa CE 3.0 on the row (DESIGN §15): a member sees which disputes the earlier orders can win.
const ce3 = col.display({
  id: 'ce3',
  header: () => <span title={DISPUTE_TEXT.ce3Title}>{DISPUTE_TEXT.ce3}</span>,
  cell: ({ row }) => <Ce3Cell dispute={row.original} />,
});

/** Every dispute, soonest deadline first (the server's order): the order each belongs to first. */
export const ALL_COLUMNS: DisputeColumns = [orderId, dispute, reason, amount, opened, respondBy, state, ce3];

/** What a processor said about the payment, so a member can find the order it meant. */
export function ProcessorSent({ dispute }: { dispute: DisputeRecord }) {
  const facts = [
    [DISPUTE_TEXT.orderRef, dispute.order_ref],
    [DISPUTE_TEXT.paymentReference, dispute.payment_reference],
    [DISPUTE_TEXT.transactionId, dispute.transaction_id],
  ].filter((fact): fact is [string, string] => Boolean(fact[1]));
  if (facts.length === 0) return <span>-</span>;
  return (
    <dl className="processor-sent mb-0">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Disputes no order was found for: what the processor sent, and the Link to order action. */
export function unmatchedColumns(onLink: (dispute: DisputeWithCe3) => void): DisputeColumns {
  const sent = col.display({
    id: 'sent',
    header: DISPUTE_TEXT.processorSent,
    cell: ({ row }) => <ProcessorSent dispute={row.original} />,
  });
  const action = col.display({
    id: 'action',
    header: DISPUTE_TEXT.action,
    cell: ({ row }) => (
      <Button size="sm" variant="outline-primary" className="text-nowrap" onClick={() => onLink(row.original)}>
        {DISPUTE_TEXT.linkToOrder}
      </Button>
    ),
  });
  return [dispute, sent, reason, amount, opened, respondBy, state, action];
}
