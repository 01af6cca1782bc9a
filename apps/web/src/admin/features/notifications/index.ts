// What other parts of the admin may use from notifications (docs/architecture/boundaries.md, Boundaries: the web).
export { BrowserNotificationsCard } from './BrowserNotificationsCard.tsx';
export { NotificationBell } from './NotificationBell.tsx';
export { type MentionBox, useMentionBox } from './useMentionBox.tsx';
