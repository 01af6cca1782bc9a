import { ADMIN_ROUTE } from '@eta/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '../../components/Loading.tsx';
import { signOut } from '../../store/index.ts';

/** /logout (SPEC §2): clears the stored user, resets the auth state and goes to /. */
export function Logout() {
  const navigate = useNavigate();
  useEffect(() => {
    signOut();
    void navigate(ADMIN_ROUTE.home, { replace: true });
  }, [navigate]);
  return <Loading />;
}
