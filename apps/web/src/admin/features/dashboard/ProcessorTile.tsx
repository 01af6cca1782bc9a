import { can, REFUND_MSG, SCREENS } from '@eta/shared';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import { Link } from 'react-router';
import { useAppSelector } from '../../../store/index.ts';
import { useProcessorSummaryQuery } from '../refunds/index.ts';

/**
 * DESIGN §26: refunds Stripe failed (each with a Retry on its order) and the open early fraud
 * warnings; a key Stripe refused is said here first. Shown only when refunds go through Stripe.
 */
export function ProcessorTile() {
  const { data } = useProcessorSummaryQuery(undefined, { refetchOnMountOrArgChange: true });
  const role = useAppSelector((state) => state.auth.role);
  const summary = data?.data;
  if (!summary?.enabled) return null;
  return (
    <Col>
      <Card className="dashboard-tile border-0 border-start border-4 border-warning h-100">
        <Card.Body className="d-flex flex-column">
          <div className="text-secondary small text-uppercase fw-semibold">Refund failed</div>
          <div className="dashboard-count mt-1" data-testid="count-refunds-failed">
            {summary.refunds_failed}
          </div>
          <div className="small" data-testid="count-fraud-warnings">
            {can(role, SCREENS.fraudWarnings.capability) ? (
              <Link to={SCREENS.fraudWarnings.path}>Fraud warnings open: {summary.fraud_warnings_open}</Link>
            ) : (
              <>Fraud warnings open: {summary.fraud_warnings_open}</>
            )}
          </div>
          {summary.key_refused_at && (
            <div className="small text-danger fw-semibold mt-1" role="alert">
              {REFUND_MSG.keyRefused}
            </div>
          )}
        </Card.Body>
      </Card>
    </Col>
  );
}
