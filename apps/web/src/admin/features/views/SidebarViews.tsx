import { formatFilteredCount, savedViewPath } from '@eta/shared';
import { useEffect } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useLazyGetViewsQuery } from './api.ts';

/**
 * The member's saved views and the shared ones in the sidebar (DESIGN §23), each with its count,
 * read afresh on every path change as the folder counts are (SPEC §2).
 */
export function SidebarViews({ linkClass }: { linkClass: (state: { isActive: boolean }) => string }) {
  const { pathname } = useLocation();
  const [fetchViews, { data }] = useLazyGetViewsQuery();
  useEffect(() => {
    void pathname;
    void fetchViews(undefined, false);
  }, [pathname, fetchViews]);
  const views = data?.data ?? [];
  if (views.length === 0) return null;
  return (
    <li className="sidebar-views">
      <span className="sidebar-heading" id="sidebar-views-heading">
        Views
      </span>
      <ul className="sidebar-list" aria-labelledby="sidebar-views-heading">
        {views.map((view) => (
          <li key={view.id}>
            <NavLink
              to={savedViewPath(view.id)}
              className={linkClass}
              title={view.shared ? `Shared by ${view.owner}` : undefined}
            >
              <span>
                {view.name}
                {view.shared && <span className="visually-hidden"> (shared)</span>}
              </span>
              <span
                className={`badge rounded-pill sidebar-badge${view.count > 0 ? ' has-orders' : ''}`}
                data-testid="view-count"
              >
                {formatFilteredCount(view.count)}
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
