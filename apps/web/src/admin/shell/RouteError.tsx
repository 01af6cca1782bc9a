import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useRouteError } from 'react-router';

/** Catches render errors and chunks that failed to load (often after a deploy): a reload fixes both. */
export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <div className="container py-5" style={{ maxWidth: 560 }}>
      <Alert variant="danger">
        <p className="mb-3">{message}</p>
        <Button variant="outline-danger" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Alert>
    </div>
  );
}
