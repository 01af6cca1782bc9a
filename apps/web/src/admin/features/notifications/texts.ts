/** What the bell and the browser-notification settings say. */
export const NOTIFICATIONS_TEXT = {
  bell: 'Notifications',
  bellUnread: (n: number) => `Notifications, ${n} unread`,
  empty: 'No notifications yet. When a colleague mentions you with @ and your name, it shows here.',
  markAllRead: 'Mark all as read',
  unread: 'Unread',
  settingsTitle: 'Browser notifications',
  settingsIntro:
    'Let this browser tell you, even while eTA Desk is in another tab, about the things you choose. The setting is kept in this browser only.',
  unsupported: 'This browser cannot show notifications.',
  blocked:
    'This browser blocks notifications from eTA Desk. Allow them in the site settings (the icon left of the address), then tick again.',
  kinds: {
    mentions: 'When someone mentions me',
    priority: 'When a new priority order arrives',
    disputes: 'When a dispute is due within 3 days',
  },
  priorityTitle: (orderId: string) => `New priority order ${orderId}`,
  disputeTitle: (orderId: string | null) => `Dispute due soon${orderId ? ` on ${orderId}` : ''}`,
  disputeBody: (daysLeft: number | null) =>
    daysLeft === null
      ? 'Respond before its deadline.'
      : daysLeft <= 0
        ? 'Overdue'
        : `${daysLeft} day(s) left to respond`,
} as const;
