import { can, REFUND_MSG, SCREENS } from '@eta/shared';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import { Link } from 'react-router';
import { useAppSelector } from '../../../store/index.ts';
import { useProcessorSummaryQuery } from '../refunds/index.ts';
import { DASHBOARD_TEXT } from './texts.ts';

const TILE = 'dashboard-tile border-0 border-start border-4 h-100';

/** A count with its label, the whole card a link to where the counted items are listed (when the member may open it). */
function CountTile({
  to,
  accent,
  label,
  count,
  testId,
  more,
  children,
}: {
  to: string | null;
  accent: string;
  label: string;
  count: number;
  testId: string;
  more: string;
  children?: ReactNode;
}) {
  const body = (
    <Card.Body className="d-flex flex-column">
      <div className="text-secondary small text-uppercase fw-semibold">{label}</div>
      <div className="dashboard-count mt-1" data-testid={testId}>
        {count}
      </div>
      {children}
      {to && <div className={`small text-${accent}-emphasis mt-auto pt-2`}>{more}</div>}
    </Card.Body>
  );
  return (
    <Col>
      {to ? (
        <Card as={Link} to={to} className={`${TILE} border-${accent}`}>
          {body}
        </Card>
      ) : (
        <Card className={`${TILE} border-${accent}`}>{body}</Card>
      )}
    </Col>
  );
}

/**
 * DESIGN §26: "Refund failed" (the refunds Stripe refused, listed with their orders and a Retry each)
 * and the open early fraud warnings, each a tile linking to its list; a key Stripe refuses is said on
 * the first. Shown only when refunds go through Stripe: without it neither can ever count anything.
 */
export function ProcessorTile() {
  const { data } = useProcessorSummaryQuery(undefined, { refetchOnMountOrArgChange: true });
  const role = useAppSelector((state) => state.auth.role);
  const summary = data?.data;
  if (!summary?.enabled) return null;
  return (
    <>
      <CountTile
        to={SCREENS.failedRefunds.path}
        accent="danger"
        label={DASHBOARD_TEXT.refundsFailed}
        count={summary.refunds_failed}
        testId="count-refunds-failed"
        more={DASHBOARD_TEXT.viewFailedRefunds}
      >
        {summary.key_refused_at && (
          <div className="small text-danger fw-semibold" data-testid="stripe-key-refused">
            {REFUND_MSG.keyRefused}
          </div>
        )}
      </CountTile>
      <CountTile
        to={can(role, SCREENS.fraudWarnings.capability) ? SCREENS.fraudWarnings.path : null}
        accent="warning"
        label={DASHBOARD_TEXT.fraudWarnings}
        count={summary.fraud_warnings_open}
        testId="count-fraud-warnings"
        more={DASHBOARD_TEXT.viewFraudWarnings}
      />
    </>
  );
}
