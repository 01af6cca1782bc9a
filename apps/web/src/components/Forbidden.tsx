import { ADMIN_ROUTE, SERVER_MSG } from '@eta/shared';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { usePageTitle } from './usePageTitle.ts';

/** Shown when a role opens a screen the server would refuse it (DESIGN §7); headed like every screen (DESIGN §24). */
export function Forbidden() {
  usePageTitle('Not allowed');
  return (
    <>
      <h1 className="h4 mb-3">Not allowed</h1>
      <Alert variant="warning">
        <p className="mb-2">{SERVER_MSG.forbidden}</p>
        <Link to={ADMIN_ROUTE.dashboard}>Back to the dashboard</Link>
      </Alert>
    </>
  );
}
