import { ADMIN_ROUTE, PORTAL_NAME } from '@eta/shared';
import { useLayoutEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { selectUser, useAppDispatch, useAppSelector } from '../../store/index.ts';
import { selectShowSideBar, setShowSideBar } from '../../store/orderSlice.ts';
import { FindBox } from '../features/find/index.ts';
import { NotificationBell } from '../features/notifications/index.ts';

/** the top bar's padding plus a gap: what lies right of the user menu's left edge besides the menu */
const MENU_MARGIN_PX = 28;

/**
 * SPEC §9's toasts stay top-right, but inside the top bar, left of the user menu, where they cover
 * no control (issue 21: below the bar they covered Refresh, the queue search and Export CSV for five
 * seconds). The menu's width follows the member's name, so it is measured.
 */
function useToastsBesideMenu(menu: React.RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const element = menu.current;
    if (!element) return;
    const root = document.documentElement;
    const place = () =>
      root.style.setProperty(
        '--toast-right',
        `${Math.round(element.getBoundingClientRect().width) + MENU_MARGIN_PX}px`,
      );
    place();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--toast-right');
    };
  }, [menu]);
}

/**
 * SPEC §2 top bar: logo, 'Welcome {name}', and a dropdown with Account, Update Password and Logout;
 * the notification bell left of it (DESIGN §23).
 */
export function TopBar() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const open = useAppSelector(selectShowSideBar);
  const menu = useRef<HTMLDivElement>(null);
  useToastsBesideMenu(menu);

  return (
    <header className="topbar">
      <Button
        variant="link"
        className="topbar-menu text-body p-1 me-2"
        aria-label="Open menu"
        aria-controls="admin-sidebar"
        aria-expanded={open}
        onClick={() => dispatch(setShowSideBar(true))}
      >
        <span className="menu-icon" aria-hidden="true" />
      </Button>
      <Link to={ADMIN_ROUTE.dashboard} className="topbar-brand">
        <Logo size={36} />
        <span className="topbar-brand-text">{PORTAL_NAME}</span>
      </Link>
      <FindBox />
      <NotificationBell className="ms-auto me-2" />
      <Dropdown align="end" ref={menu}>
        <Dropdown.Toggle variant="light" className="topbar-user" id="user-menu">
          <span className="topbar-welcome">Welcome {user?.name}</span>
        </Dropdown.Toggle>
        <Dropdown.Menu>
          {/* text, not a heading: Bootstrap's Dropdown.Header is role="heading" with no level (axe) */}
          <Dropdown.ItemText>
            <span className="d-block fw-semibold text-body">{user?.email}</span>
            <span className="d-block small text-secondary">{user?.type}</span>
          </Dropdown.ItemText>
          <Dropdown.Divider />
          <Dropdown.Item as={Link} to={ADMIN_ROUTE.account}>
            Account
          </Dropdown.Item>
          <Dropdown.Item as={Link} to={ADMIN_ROUTE.changePassword}>
            Update Password
          </Dropdown.Item>
          <Dropdown.Divider />
          <Dropdown.Item as={Link} to={ADMIN_ROUTE.logout}>
            Logout
          </Dropdown.Item>
        </Dropdown.Menu>
      </Dropdown>
    </header>
  );
}
