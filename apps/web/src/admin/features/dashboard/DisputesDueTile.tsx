import { ADMIN_ROUTE, can, dueBeforeIso, RESPONSE_DUE_STATE } from '@eta/shared';
import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import { Link } from 'react-router';
import { useAppSelector } from '../../../store/index.ts';
import { type DisputeListArgs, disputesSearch, useListDisputesQuery } from '../disputes/index.ts';
import { DASHBOARD_TEXT } from './texts.ts';

/** How many disputes need a response with these deadline bounds: the list's total, one row asked for. */
function useTotal(args: DisputeListArgs): number | undefined {
  const { data, error } = useListDisputesQuery(args, { refetchOnMountOrArgChange: true });
  return error ? undefined : data?.total;
}

function Tile() {
  // One instant per visit: the counts and the link they open ask for exactly the same disputes.
  const [{ due, overdue }] = useState(() => {
    const now = Date.now();
    const base = { state: RESPONSE_DUE_STATE, page: 1, limit: 1 } as const;
    return {
      // from now (not yet passed) to DUE_SOON_DAYS on: what the tile's title promises (issue 31)
      due: { ...base, dueAfter: new Date(now).toISOString(), dueBefore: dueBeforeIso(now) },
      overdue: { ...base, dueBefore: new Date(now).toISOString() },
    };
  });
  const count = useTotal(due);
  const late = useTotal(overdue);
  // the Disputes screen, soonest first: the overdue, then those due, the two numbers' rows
  const to = `${ADMIN_ROUTE.disputes}?${disputesSearch({ state: due.state, dueBefore: due.dueBefore })}`;
  return (
    <Col>
      <Card as={Link} to={to} className="dashboard-tile border-0 border-start border-4 border-danger h-100">
        <Card.Body className="d-flex flex-column">
          <div className="text-secondary small text-uppercase fw-semibold">{DASHBOARD_TEXT.disputesDue}</div>
          <div className="dashboard-count mt-1" data-testid="count-disputes-due">
            {count ?? '–'}
          </div>
          {late !== undefined && late > 0 && (
            <div className="small text-danger fw-semibold" data-testid="count-disputes-overdue">
              {DASHBOARD_TEXT.disputesOverdue(late)}
            </div>
          )}
          <div className="small text-danger-emphasis mt-auto pt-2">{DASHBOARD_TEXT.viewDisputes}</div>
        </Card.Body>
      </Card>
    </Col>
  );
}

/**
 * DESIGN §14: disputes needing a response whose deadline falls from now to DUE_SOON_DAYS on, and the
 * overdue ones counted apart (issue 31: "due in 3 days" never counts one already past), from the
 * list's totals, linking to the Disputes screen where both are listed, soonest first.
 */
export function DisputesDueTile() {
  const role = useAppSelector((state) => state.auth.role);
  return can(role, 'disputes.work') ? <Tile /> : null;
}
