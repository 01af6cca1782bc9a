import type { Feature } from './features.ts';
import type { Capability } from './roles.ts';

/** Portal name carried by every admin page title (SPEC §2 "Page titles carry a portal name"). */
export const PORTAL_NAME = 'eTA Desk Admin';

/** Public page title of SPEC §2. */
export const PUBLIC_TRACK_TITLE = 'Download your ETA';

/** Admin routes of SPEC §2 that are not order folders (folders live in FOLDERS). */
export const ADMIN_ROUTE = {
  home: '/',
  dashboard: '/admin',
  countryOrderList: '/admin/country-order-list',
  sendInvoice: '/admin/send-invoice',
  manageTeam: '/admin/manage-team',
  processedOrder: '/admin/processed-order',
  /** DESIGN §14: every dispute, and the unmatched ones to link to an order */
  disputes: '/admin/disputes',
  /** DESIGN §14: outcomes and win rate per processor and per reason category */
  disputeReport: '/admin/dispute-report',
  /** DESIGN §26: Stripe's early fraud warnings, each refunded now or kept with a reason */
  fraudWarnings: '/admin/fraud-warnings',
  /** DESIGN §26: refunds Stripe refused, each with its order and a Retry (the dashboard's "Refund failed") */
  failedRefunds: '/admin/failed-refunds',
  gatewaySetting: '/admin/gateway-setting',
  changePassword: '/admin/change-password',
  /** DESIGN §16: who read whose personal data; the subject access export */
  accessLog: '/admin/access-log',
  /** DESIGN §16: sign-ins, account, team and gateway changes, erasures, exports, retention runs */
  auditLog: '/admin/audit-log',
  /** DESIGN §17: two-factor sign-in and the member's sessions, from the top bar's menu */
  account: '/admin/account',
  /** DESIGN §25: the customer mail templates (every member reads, templates.manage writes) */
  mailTemplates: '/admin/mail-templates',
  /** DESIGN §25: mail read from the mailbox that found no order */
  unmatchedMail: '/admin/unmatched-mail',
  /** followed by /{encoded order id} (DESIGN §5: base64url of the order id). */
  viewOrder: '/admin/view-order',
  logout: '/logout',
} as const;

/** Public routes of SPEC §2, each followed by /{encoded order id}. */
export const PUBLIC_ROUTE = {
  trackOrder: '/track-order',
  getNewOrderDetails: '/get-new-order-details',
} as const;

/** Path of a folder's queue, from FolderDef.path. */
export const folderRoute = (folderPath: string): string => `/admin/${folderPath}`;

export interface ScreenDef {
  path: string;
  /** sidebar label (SPEC §2 route table). */
  label: string;
  /** screen title, where SPEC §2 names the screen differently from its sidebar label. */
  title: string;
  /** capability needed beyond signing in (SPEC §6); null means every signed-in user. */
  capability: Capability | null;
  /** a part the installation must have set up (features.ts): without it the screen can never have content */
  feature?: Feature;
}

/** Sidebar items after the folders, in SPEC §2 order (Dashboard comes first, Logout last). */
export const SCREENS = {
  dashboard: { path: ADMIN_ROUTE.dashboard, label: 'Dashboard', title: 'Dashboard', capability: null },
  countryOrderList: {
    path: ADMIN_ROUTE.countryOrderList,
    label: 'Country Order List',
    title: 'Country Order Details',
    capability: null,
  },
  sendInvoice: { path: ADMIN_ROUTE.sendInvoice, label: 'Manage Invoices', title: 'Send Invoice', capability: null },
  manageTeam: { path: ADMIN_ROUTE.manageTeam, label: 'Manage Team', title: 'Manage Team', capability: 'team.manage' },
  processedOrder: {
    path: ADMIN_ROUTE.processedOrder,
    label: 'Order Processed',
    title: 'Processed By',
    capability: 'reports.processedBy',
  },
  mailTemplates: {
    path: ADMIN_ROUTE.mailTemplates,
    label: 'Mail Templates',
    title: 'Mail Templates',
    capability: 'orders.work',
  },
  unmatchedMail: {
    path: ADMIN_ROUTE.unmatchedMail,
    label: 'Unmatched Mail',
    title: 'Unmatched Mail',
    capability: 'orders.work',
    feature: 'mailbox',
  },
  disputes: { path: ADMIN_ROUTE.disputes, label: 'Disputes', title: 'Disputes', capability: 'disputes.work' },
  fraudWarnings: {
    path: ADMIN_ROUTE.fraudWarnings,
    label: 'Fraud Warnings',
    title: 'Fraud Warnings',
    capability: 'disputes.work',
    feature: 'stripe',
  },
  failedRefunds: {
    path: ADMIN_ROUTE.failedRefunds,
    label: 'Failed Refunds',
    title: 'Failed Refunds',
    capability: 'orders.work',
    feature: 'stripe',
  },
  disputeReport: {
    path: ADMIN_ROUTE.disputeReport,
    label: 'Dispute Report',
    title: 'Dispute Report',
    capability: 'reports.processedBy',
  },
  gatewaySetting: {
    path: ADMIN_ROUTE.gatewaySetting,
    label: 'Gateway Setting',
    title: 'Payment Setting',
    capability: 'gateways.manage',
  },
  accessLog: { path: ADMIN_ROUTE.accessLog, label: 'Access Log', title: 'Access Log', capability: 'audit.read' },
  auditLog: { path: ADMIN_ROUTE.auditLog, label: 'Audit Log', title: 'Audit Log', capability: 'audit.read' },
  changePassword: {
    path: ADMIN_ROUTE.changePassword,
    label: 'Update Password',
    title: 'Update Password',
    capability: null,
  },
  viewOrder: { path: ADMIN_ROUTE.viewOrder, label: 'Order Details', title: 'Order Details', capability: null },
  account: { path: ADMIN_ROUTE.account, label: 'Account', title: 'Account', capability: null },
  logout: { path: ADMIN_ROUTE.logout, label: 'Logout', title: 'Logout', capability: null },
} as const satisfies Record<string, ScreenDef>;
