import { ADMIN_ROUTE } from '@eta/shared';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { WEB_TEXT } from '../../lib/texts.ts';

export function NotFound() {
  usePageTitle(WEB_TEXT.notFound);
  return (
    <div className="text-center py-5">
      <h1 className="h4">{WEB_TEXT.notFound}</h1>
      <Link to={ADMIN_ROUTE.dashboard}>Back to the dashboard</Link>
    </div>
  );
}
