import { CANDIDATE_MATCH_LABEL, formatMoney, formatUtcDateTime } from '@eta/shared';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useGetDisputeCandidatesQuery } from './api.ts';

interface Props {
  disputeId: number;
  busy: boolean;
  onLink: (orderId: string) => void;
}

/**
 * Orders that may be an unmatched dispute's (DESIGN §23): by payment reference or transaction id,
 * else by amount bought shortly before the dispute opened; each with what it shares and a Link button,
 * so nobody types an order id blind.
 */
export function DisputeCandidates({ disputeId, busy, onLink }: Props) {
  const { data, isLoading, isError } = useGetDisputeCandidatesQuery(disputeId);
  if (isLoading) return <p className="text-body-secondary small">Looking for orders that may be this dispute’s…</p>;
  const candidates = data?.data ?? [];
  if (isError || candidates.length === 0)
    return (
      <p className="text-body-secondary small">No order matches its reference or amount: type the order id below.</p>
    );
  return (
    <Table size="sm" responsive className="mb-3" aria-label="Suggested orders">
      <caption className="caption-top">Suggested orders</caption>
      <thead>
        <tr>
          <th scope="col">Order Id</th>
          <th scope="col">Name</th>
          <th scope="col">Amount</th>
          <th scope="col">Date & Time</th>
          <th scope="col">Matches</th>
          <th scope="col">
            <span className="visually-hidden">Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {candidates.map((c) => (
          <tr key={c.order_id}>
            <td>{c.order_id}</td>
            <td>{c.full_name || '-'}</td>
            <td>{c.amount_minor === null ? '-' : formatMoney(c.amount_minor, c.currency)}</td>
            <td>{formatUtcDateTime(c.created_at) ?? '-'}</td>
            <td>{c.match.map((m) => CANDIDATE_MATCH_LABEL[m]).join(', ')}</td>
            <td>
              <Button
                size="sm"
                variant="outline-primary"
                disabled={busy}
                onClick={() => onLink(c.order_id)}
                aria-label={`Link ${c.order_id}`}
              >
                Link
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
