import { ADMIN_ROUTE, PORTAL_NAME } from '@eta/shared';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { selectUser, useAppDispatch, useAppSelector } from '../../store/index.ts';
import { selectShowSideBar, setShowSideBar } from '../../store/orderSlice.ts';

/** SPEC §2 top bar: logo, 'Welcome {name}', and a dropdown with Account, Update Password and Logout. */
export function TopBar() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const open = useAppSelector(selectShowSideBar);

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
      <Dropdown align="end" className="ms-auto">
        <Dropdown.Toggle variant="light" className="topbar-user" id="user-menu">
          <span className="topbar-welcome">Welcome {user?.name}</span>
        </Dropdown.Toggle>
        <Dropdown.Menu>
          <Dropdown.Header>
            <div className="fw-semibold text-body">{user?.email}</div>
            <div className="small">{user?.type}</div>
          </Dropdown.Header>
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
