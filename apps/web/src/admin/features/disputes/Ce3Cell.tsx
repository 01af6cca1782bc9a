import { ADMIN_ROUTE, CE3_MIN_MATCHES, type DisputeWithCe3, encodeOrderRef } from '@eta/shared';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { DISPUTE_TEXT } from './texts.ts';

/** Earlier orders named on the row at most; the order's detail has them all. */
const SHOWN = 3;

/**
 * Visa CE 3.0 on a dispute's row (DESIGN §15, the list's `ce3`): whether the order qualifies, and
 * the earlier orders that make it, each a link to its detail. An unmatched dispute has no order to weigh.
 */
export function Ce3Cell({ dispute }: { dispute: DisputeWithCe3 }) {
  if (dispute.order_id === null) return <span className="text-secondary">-</span>;
  const { eligible, matches } = dispute.ce3;
  const shown = matches.slice(0, SHOWN);
  return (
    <span className="cell-stack align-items-start">
      {/* only a qualifying dispute stands out: it is the one to fight with the earlier orders */}
      {eligible ? (
        <span className="badge text-bg-success">{DISPUTE_TEXT.ce3Qualifies}</span>
      ) : (
        <span className="small text-secondary">{DISPUTE_TEXT.ce3DoesNot}</span>
      )}
      {matches.length > 0 && (
        <span className="small text-secondary">
          {eligible ? DISPUTE_TEXT.ce3Matches(matches.length) : DISPUTE_TEXT.ce3Some(matches.length, CE3_MIN_MATCHES)}{' '}
          {shown.map((m, i) => (
            <Fragment key={m.order_id}>
              {i > 0 && ', '}
              <Link to={`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(m.order_id)}`}>{m.order_id}</Link>
            </Fragment>
          ))}
          {matches.length > SHOWN && ` +${matches.length - SHOWN}`}
        </span>
      )}
    </span>
  );
}
