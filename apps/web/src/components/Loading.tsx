import { MSG } from '@eta/shared';
import Spinner from 'react-bootstrap/Spinner';

/** The loading indicator of SPEC §2; its text is exactly 'Loading...'. */
export function Loading({ className = 'py-4' }: { className?: string }) {
  return (
    <div className={`d-flex align-items-center justify-content-center gap-2 text-secondary ${className}`} role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{MSG.loading}</span>
    </div>
  );
}
