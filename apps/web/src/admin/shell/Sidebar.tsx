import { type CountField, can, FOLDERS, folderRoute, SCREENS, type ScreenDef } from '@eta/shared';
import { Fragment, useEffect } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import { NavLink, useLocation } from 'react-router';
import { useLazyGetFolderCountQuery } from '../../store/baseApi.ts';
import { screenAvailable, useFeatures } from '../../store/features.ts';
import { selectUser, useAppDispatch, useAppSelector } from '../../store/index.ts';
import { selectCount, selectShowSideBar, setShowSideBar } from '../../store/orderSlice.ts';
import { FollowUpCountBadge } from '../features/follow-ups/index.ts';
import { AwaitingRepliedBadge } from '../features/inbox/index.ts';
import { SidebarViews } from '../features/views/index.ts';

/** Screens listed after the folders, in SPEC §2 order. */
const AFTER_FOLDERS: readonly ScreenDef[] = [
  SCREENS.countryOrderList,
  SCREENS.sendInvoice,
  SCREENS.manageTeam,
  SCREENS.processedOrder,
  SCREENS.disputeReport,
  SCREENS.gatewaySetting,
  SCREENS.accessLog,
  SCREENS.auditLog,
  SCREENS.changePassword,
];

/**
 * Screens that belong with a folder, listed right after it: the Disputes desk works the ChargeBack
 * queue's cases, fraud warnings are the chargebacks still to come, and the refunds Stripe refused
 * wait beside the Refunds queue (DESIGN §26).
 */
const AFTER_FOLDER: Readonly<Record<string, readonly ScreenDef[]>> = {
  refundorder: [SCREENS.failedRefunds],
  chargeBack: [SCREENS.disputes, SCREENS.fraudWarnings],
  // DESIGN §25: the conversation's screens sit under the folder that waits on the customer
  awaitingorder: [SCREENS.unmatchedMail, SCREENS.mailTemplates],
};

const linkClass = ({ isActive }: { isActive: boolean }) => `sidebar-link${isActive ? ' active' : ''}`;

function CountBadge({ field }: { field: CountField }) {
  const value = useAppSelector((state) => selectCount(state)[field]);
  if (value === undefined) return null;
  return <span className={`badge rounded-pill sidebar-badge${value > 0 ? ' has-orders' : ''}`}>{value}</span>;
}

function ScreenItem({ screen }: { screen: ScreenDef }) {
  return (
    <li>
      <NavLink to={screen.path} className={linkClass}>
        {screen.label}
      </NavLink>
    </li>
  );
}

/**
 * SPEC §2 sidebar: every item in order, filtered by role (SPEC §6) and by what this installation has
 * set up (a screen that could never have content is left out), counts refreshed on every path change.
 */
export function Sidebar() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const role = useAppSelector((state) => state.auth.role);
  const user = useAppSelector(selectUser);
  const open = useAppSelector(selectShowSideBar);
  const [fetchCounts] = useLazyGetFolderCountQuery();
  const { features } = useFeatures();
  const userName = user?.name ?? '';

  useEffect(() => {
    // The path is the trigger: SPEC §2 refreshes counts on each change. (The loaded list goes with
    // the queue screen, which every path change unmounts: orderSlice's clearOrdersList.)
    void pathname;
    dispatch(setShowSideBar(false));
    if (userName) void fetchCounts(userName, false);
  }, [pathname, userName, dispatch, fetchCounts]);

  const close = () => dispatch(setShowSideBar(false));
  const visible = (screen: ScreenDef) =>
    (screen.capability === null || can(role, screen.capability)) && screenAvailable(screen, features);
  const isDashboard = pathname === '/' || pathname === SCREENS.dashboard.path;

  return (
    <>
      <nav id="admin-sidebar" className={`sidebar${open ? ' open' : ''}`} aria-label="Main menu">
        <div className="sidebar-head">
          <span className="fw-semibold">Menu</span>
          <CloseButton variant="white" aria-label="Close menu" onClick={close} />
        </div>
        <ul className="sidebar-list">
          <li>
            <NavLink to={SCREENS.dashboard.path} end className={() => linkClass({ isActive: isDashboard })}>
              {SCREENS.dashboard.label}
            </NavLink>
          </li>
          {FOLDERS.filter((folder) => can(role, folder.capability)).map((folder) => (
            <Fragment key={folder.name}>
              <li>
                <NavLink to={folderRoute(folder.path)} className={linkClass}>
                  <span>{folder.label}</span>
                  <CountBadge field={folder.countField} />
                  <FollowUpCountBadge folder={folder} />
                  <AwaitingRepliedBadge folder={folder} />
                </NavLink>
              </li>
              {(AFTER_FOLDER[folder.name] ?? []).filter(visible).map((screen) => (
                <ScreenItem key={screen.path} screen={screen} />
              ))}
            </Fragment>
          ))}
          <SidebarViews linkClass={linkClass} />
          {AFTER_FOLDERS.filter(visible).map((screen) => (
            <ScreenItem key={screen.path} screen={screen} />
          ))}
          <li>
            <NavLink to={SCREENS.logout.path} className={linkClass}>
              {SCREENS.logout.label}
            </NavLink>
          </li>
        </ul>
      </nav>
      {open && <div className="sidebar-backdrop" onClick={close} aria-hidden="true" />}
    </>
  );
}
