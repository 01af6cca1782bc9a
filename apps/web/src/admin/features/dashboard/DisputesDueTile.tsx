import { ADMIN_ROUTE, API_STATUS, can, dueBeforeIso } from '@eta/shared';
import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import { Link } from 'react-router';
import { useAppSelector } from '../../../store/index.ts';
import { type DisputeListArgs, useListDisputesQuery } from '../disputes/api.ts';
import { disputesSearch } from '../disputes/disputesAddress.ts';
import { DASHBOARD_TEXT } from './texts.ts';

function Tile() {
  // One instant per visit: the count and the link it opens ask for exactly the same disputes.
  const [args] = useState<DisputeListArgs>(() => ({
    state: 'needs_response',
    dueBefore: dueBeforeIso(Date.now()),
    page: 1,
    limit: 1,
  }));
  const { data } = useListDisputesQuery(args, { refetchOnMountOrArgChange: true });
  const count = data?.status === API_STATUS.ok ? data.total : undefined;
  const to = `${ADMIN_ROUTE.disputes}?${disputesSearch({ state: args.state, dueBefore: args.dueBefore })}`;
  return (
    <Col>
      <Card as={Link} to={to} className="dashboard-tile border-0 border-start border-4 border-danger h-100">
        <Card.Body className="d-flex flex-column">
          <div className="text-secondary small text-uppercase fw-semibold">{DASHBOARD_TEXT.disputesDue}</div>
          <div className="dashboard-count mt-1" data-testid="count-disputes-due">
            {count ?? '–'}
          </div>
          <div className="small text-danger-emphasis mt-auto pt-2">{DASHBOARD_TEXT.viewDisputes}</div>
        </Card.Body>
      </Card>
    </Col>
  );
}

/**
 * DESIGN §14: open disputes whose deadline falls within DUE_SOON_DAYS (overdue ones included), from
 * the list's total, linking to the Disputes screen with the same filters.
 */
export function DisputesDueTile() {
  const role = useAppSelector((state) => state.auth.role);
  return can(role, 'disputes.work') ? <Tile /> : null;
}
