import { ADMIN_ROUTE, SERVER_MSG } from '@eta/shared';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { LiveAnnouncer } from '../../components/LiveAnnouncer.tsx';
import { Loading } from '../../components/Loading.tsx';
import { MAIN_CONTENT_ID, SkipLinks, useFocusFromTheTop } from '../../components/SkipLinks.tsx';
import { isExpired } from '../../lib/jwt.ts';
import { readValidSession } from '../../lib/session.ts';
import { fetchUserInfo } from '../../store/authSlice.ts';
import { signOut, useAppDispatch } from '../../store/index.ts';
import { KeyboardLayer } from '../features/keys/index.ts';
import { useLiveStream } from '../features/live/index.ts';
import { ReauthPrompt } from './ReauthPrompt.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';
import './shell.css';

/** Longest delay setTimeout honours; a later expiry is caught by the path-change check instead. */
const MAX_TIMER_MS = 2_147_483_647;

/** The signed-in frame. It also ends an expired session (SPEC §2: it sends staff to /). */
export function AppShell() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  useLiveStream();
  useFocusFromTheTop(pathname);

  useEffect(() => {
    void dispatch(fetchUserInfo());
  }, [dispatch]);

  useEffect(() => {
    void pathname;
    const expire = () => {
      toast.info(SERVER_MSG.unauthorized, { toastId: 'session-ended' });
      signOut();
      void navigate(ADMIN_ROUTE.home, { replace: true });
    };
    // Checked on every path change as well as by timer: timers stall while a laptop sleeps.
    const session = readValidSession();
    if (!session) return expire();
    const { exp } = session.payload;
    if (typeof exp !== 'number') return;
    const timer = setTimeout(
      () => {
        if (!readValidSession() || isExpired(session.payload)) expire();
      },
      Math.min(exp * 1000 - Date.now(), MAX_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [pathname, navigate]);

  return (
    <div className="admin-layout">
      <SkipLinks />
      <TopBar />
      <Sidebar />
      {/* tabIndex -1: the skip link's target, focusable by script only */}
      <main className="admin-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <ReauthPrompt />
      <KeyboardLayer />
      <LiveAnnouncer />
    </div>
  );
}
