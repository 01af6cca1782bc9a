import { ADMIN_ROUTE, SERVER_MSG } from '@eta/shared';
import type { createBrowserRouter } from 'react-router';
import { toast } from 'react-toastify';
import { setTwoFactorRequiredHandler, setUnauthorizedHandler } from '../../lib/api.ts';
import { markEnrolmentRequired } from '../../lib/session.ts';
import { signOut } from '../../store/index.ts';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'navigate'>;

/**
 * SPEC §8: a 401 anywhere shows its message, removes the stored user and goes to /. One toast id,
 * so a burst of parallel 401s shows a single message. Wired by the admin entry with its router
 * (and by the component tests with theirs).
 */
export function endSessionOnUnauthorized(router: AppRouter): void {
  setTwoFactorRequiredHandler(() => {
    markEnrolmentRequired(true);
    void router.navigate(ADMIN_ROUTE.account, { replace: true });
  });
  setUnauthorizedHandler((message) => {
    toast.error(message || SERVER_MSG.unauthorized, { toastId: 'session-ended' });
    signOut();
    void router.navigate(ADMIN_ROUTE.home, { replace: true });
  });
}
