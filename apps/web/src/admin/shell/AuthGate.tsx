import { ADMIN_ROUTE } from '@eta/shared';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { readEnrolmentRequired } from '../../lib/session.ts';
import { signInShown } from '../../store/authSlice.ts';
import { useAppDispatch, useAppSelector } from '../../store/index.ts';
import { LoginPage, signInPathFor } from '../features/auth/index.ts';
import { AppShell } from './AppShell.tsx';

/** Paths that show the sign-in screen when nobody is signed in (SPEC §2: / and /admin). */
const SIGN_IN_PATHS = new Set([ADMIN_ROUTE.home, ADMIN_ROUTE.dashboard, `${ADMIN_ROUTE.dashboard}/`]);

/** Everything in the admin area needs a signed-in user (SPEC §6); other paths fall back to /. */
export function AuthGate() {
  const isAuth = useAppSelector((state) => state.auth.isAuth);
  const endedHere = useAppSelector((state) => state.auth.endedHere);
  const { pathname, search } = useLocation();
  const dispatch = useAppDispatch();
  const atSignIn = !isAuth && SIGN_IN_PATHS.has(pathname);
  // once the plain sign-in screen is up, a link opened signed out is remembered again (?next=)
  useEffect(() => {
    if (atSignIn && endedHere) dispatch(signInShown());
  }, [atSignIn, endedHere, dispatch]);
  // REQUIRE_2FA holds the member until they enrol (DESIGN §17): the Account page is the way on
  if (isAuth && readEnrolmentRequired() && pathname !== ADMIN_ROUTE.account) {
    return <Navigate to={ADMIN_ROUTE.account} replace />;
  }
  if (isAuth) return <AppShell />;
  if (SIGN_IN_PATHS.has(pathname)) return <LoginPage />;
  return <Navigate to={endedHere ? ADMIN_ROUTE.home : signInPathFor(pathname, search)} replace />;
}
