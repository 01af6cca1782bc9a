import {
  ADMIN_ROUTE,
  encodeOrderRef,
  formatUtcDateTime,
  type NotificationRecord,
  notificationTitle,
} from '@eta/shared';
import { useEffect } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import { useNavigate } from 'react-router';
import { refused } from '../../../lib/apiError.ts';
import { useAppSelector } from '../../../store/index.ts';
import { selectLiveReconnects, selectNotified } from '../../../store/liveSlice.ts';
import { useGetNotificationsQuery, useReadNotificationsMutation } from './api.ts';
import { NOTIFICATIONS_TEXT } from './texts.ts';
import { useBrowserNotifications } from './useBrowserNotifications.ts';
import './notifications.css';

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}

/**
 * The bell in the top bar (DESIGN §23): the unread count, and the newest notifications; one opens its
 * order and is marked read. The list is read again whenever the live stream brings a new one.
 */
export function NotificationBell({ className }: { className?: string }) {
  const navigate = useNavigate();
  const notified = useAppSelector(selectNotified);
  const reconnects = useAppSelector(selectLiveReconnects);
  const list = useGetNotificationsQuery();
  const [markRead] = useReadNotificationsMutation();
  const { refetch } = list;
  useBrowserNotifications();

  useEffect(() => {
    if (notified.count > 0 || reconnects > 0) void refetch();
  }, [notified.count, reconnects, refetch]);

  const reply = list.error ? undefined : list.data;
  const items = reply?.data ?? [];
  const unread = reply?.unread ?? 0;
  const unreadIds = items.filter((n) => n.read_at === null).map((n) => n.id);

  const open = async (n: NotificationRecord) => {
    if (n.read_at === null)
      await markRead({ ids: [n.id] })
        .unwrap()
        .catch(refused);
    await navigate(`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(n.order_id)}`);
  };

  return (
    <Dropdown align="end" className={className} data-testid="notification-bell">
      <Dropdown.Toggle
        variant="light"
        className="bell-toggle"
        id="notification-bell"
        aria-label={unread > 0 ? NOTIFICATIONS_TEXT.bellUnread(unread) : NOTIFICATIONS_TEXT.bell}
      >
        <BellIcon />
        {unread > 0 && (
          <Badge bg="danger" pill className="bell-count" data-testid="bell-count">
            {unread > 99 ? '99+' : unread}
          </Badge>
        )}
      </Dropdown.Toggle>
      <Dropdown.Menu className="bell-menu">
        <div className="bell-head">
          <span className="fw-semibold">{NOTIFICATIONS_TEXT.bell}</span>
          {unreadIds.length > 0 && (
            <Button
              variant="link"
              size="sm"
              className="p-0"
              onClick={() => void markRead({ ids: unreadIds }).unwrap().catch(refused)}
            >
              {NOTIFICATIONS_TEXT.markAllRead}
            </Button>
          )}
        </div>
        {items.length === 0 ? (
          <p className="bell-empty text-secondary small mb-0">{NOTIFICATIONS_TEXT.empty}</p>
        ) : (
          items.map((n) => (
            <Dropdown.Item
              key={n.id}
              as="button"
              className={`bell-item${n.read_at === null ? ' bell-unread' : ''}`}
              onClick={() => void open(n)}
            >
              <span className="bell-title">
                {n.read_at === null && <span className="visually-hidden">{NOTIFICATIONS_TEXT.unread}: </span>}
                {notificationTitle(n)}
              </span>
              <span className="bell-text">{n.text}</span>
              <span className="bell-time">{formatUtcDateTime(n.created_at)}</span>
            </Dropdown.Item>
          ))
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}
