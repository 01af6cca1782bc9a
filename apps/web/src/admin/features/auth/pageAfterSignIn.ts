import { ADMIN_ROUTE } from '@eta/shared';

/** The query parameter of the sign-in screen that remembers the page a signed-out member opened. */
const NEXT = 'next';

/**
 * The sign-in screen for a member who opened `pathname` (an order link from a colleague, a bookmark)
 * while signed out: it remembers the page, so signing in lands there (issue 21), not on the dashboard.
 */
export function signInPathFor(pathname: string, search: string): string {
  if (!pathname.startsWith(`${ADMIN_ROUTE.dashboard}/`)) return ADMIN_ROUTE.home;
  return `${ADMIN_ROUTE.home}?${NEXT}=${encodeURIComponent(pathname + search)}`;
}

/** Where signing in leads: the remembered page when it is one of the admin area's, else the dashboard. */
export function pageAfterSignIn(search: string): string {
  const next = new URLSearchParams(search).get(NEXT);
  // only a path of this app: never another site (`//evil.test`, `https:`) a crafted link could name
  if (!next?.startsWith(`${ADMIN_ROUTE.dashboard}/`) || next.includes('//') || next.includes('\\'))
    return ADMIN_ROUTE.dashboard;
  return next;
}
