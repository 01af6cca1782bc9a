import { ACCOUNT_API, ADMIN_ROUTE } from '@eta/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '../../components/Loading.tsx';
import { callEndpoint } from '../../lib/api.ts';
import { readToken } from '../../lib/session.ts';
import { signOut } from '../../store/index.ts';

/**
 * /logout (SPEC §2): ends the session on the server first (DESIGN §17: the token dies there, not just
 * here), then clears the stored user, resets the auth state and goes to /. A server that cannot be
 * reached does not keep anyone signed in here.
 */
export function Logout() {
  const navigate = useNavigate();
  useEffect(() => {
    let gone = false;
    const leave = () => {
      if (gone) return;
      gone = true;
      signOut();
      void navigate(ADMIN_ROUTE.home, { replace: true });
    };
    if (readToken()) void callEndpoint(ACCOUNT_API.logout, {}, { quiet401: true }).finally(leave);
    else leave();
  }, [navigate]);
  return <Loading />;
}
