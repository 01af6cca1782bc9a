import {
  ADMIN_ROUTE,
  FOLDERS,
  folderRoute,
  RESET_PASSWORD_PATH,
  SAVED_VIEW_PATH,
  SCREENS,
  type ScreenDef,
} from '@eta/shared';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazyPage.ts';
import { DashboardPage } from './features/dashboard/DashboardPage.tsx';
import { AuthGate } from './shell/AuthGate.tsx';
import { Logout } from './shell/Logout.tsx';
import { NotFound } from './shell/NotFound.tsx';
import { RequireCapability } from './shell/RequireCapability.tsx';
import { RequireScreen } from './shell/RequireScreen.tsx';
import { RouteError } from './shell/RouteError.tsx';

// Forms and tables load on first use so the sign-in screen stays a small first load (DESIGN §11).
const TeamPage = lazyPage(() => import('./features/team/TeamPage.tsx').then((m) => m.TeamPage));
const GatewayPage = lazyPage(() => import('./features/gateways/GatewayPage.tsx').then((m) => m.GatewayPage));
const ChangePasswordPage = lazyPage(() =>
  import('./features/password/ChangePasswordPage.tsx').then((m) => m.ChangePasswordPage),
);
const QueuePage = lazyPage(() => import('./features/queues/QueuePage.tsx').then((m) => m.QueuePage));
const SavedViewPage = lazyPage(() => import('./features/queues/SavedViewPage.tsx').then((m) => m.SavedViewPage));
const SendInvoicePage = lazyPage(() =>
  import('./features/invoices/SendInvoicePage.tsx').then((m) => m.SendInvoicePage),
);
const OrderDetailPage = lazyPage(() => import('./features/order/OrderDetailPage.tsx').then((m) => m.OrderDetailPage));
const CountryOrderListPage = lazyPage(() =>
  import('./features/reports/CountryOrderListPage.tsx').then((m) => m.CountryOrderListPage),
);
const ProcessedOrderPage = lazyPage(() =>
  import('./features/reports/ProcessedOrderPage.tsx').then((m) => m.ProcessedOrderPage),
);
const AccessLogPage = lazyPage(() => import('./features/privacy/AccessLogPage.tsx').then((m) => m.AccessLogPage));
const AuditLogPage = lazyPage(() => import('./features/privacy/AuditLogPage.tsx').then((m) => m.AuditLogPage));
const AccountPage = lazyPage(() => import('./features/account/AccountPage.tsx').then((m) => m.AccountPage));
const ResetPasswordPage = lazyPage(() =>
  import('./features/account/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage),
);
const DisputesPage = lazyPage(() => import('./features/disputes/DisputesPage.tsx').then((m) => m.DisputesPage));
const DisputeReportPage = lazyPage(() =>
  import('./features/disputes/DisputeReportPage.tsx').then((m) => m.DisputeReportPage),
);
const FraudWarningsPage = lazyPage(() =>
  import('./features/refunds/FraudWarningsPage.tsx').then((m) => m.FraudWarningsPage),
);
const FailedRefundsPage = lazyPage(() =>
  import('./features/refunds/FailedRefundsPage.tsx').then((m) => m.FailedRefundsPage),
);

const MailTemplatesPage = lazyPage(() =>
  import('./features/inbox/MailTemplatesPage.tsx').then((m) => m.MailTemplatesPage),
);
const UnmatchedMailPage = lazyPage(() =>
  import('./features/inbox/UnmatchedMailPage.tsx').then((m) => m.UnmatchedMailPage),
);

/** A screen that may need a part set up (Unmatched Mail, Fraud Warnings, Failed Refunds). */
const screenOf = (screen: ScreenDef, element: ReactNode) => <RequireScreen screen={screen}>{element}</RequireScreen>;

const guarded = (capability: Parameters<typeof RequireCapability>[0]['capability'], element: ReactNode) => (
  <RequireCapability capability={capability}>{element}</RequireCapability>
);

const adminRoutes: RouteObject[] = [
  { index: true, element: <DashboardPage /> },
  { path: ADMIN_ROUTE.dashboard, element: <DashboardPage /> },
  // Keyed by folder so moving between queues mounts a fresh page (state never leaks across folders).
  ...FOLDERS.map((folder) => ({
    path: folderRoute(folder.path),
    element: guarded(folder.capability, <QueuePage key={folder.name} folder={folder} />),
  })),
  { path: `${ADMIN_ROUTE.viewOrder}/:orderRef`, element: <OrderDetailPage /> },
  // DESIGN §23: a saved view's own address
  { path: `/admin/${SAVED_VIEW_PATH}/:viewId`, element: <SavedViewPage /> },
  { path: ADMIN_ROUTE.countryOrderList, element: <CountryOrderListPage /> },
  { path: ADMIN_ROUTE.mailTemplates, element: guarded(SCREENS.mailTemplates.capability, <MailTemplatesPage />) },
  { path: ADMIN_ROUTE.unmatchedMail, element: screenOf(SCREENS.unmatchedMail, <UnmatchedMailPage />) },
  { path: ADMIN_ROUTE.sendInvoice, element: <SendInvoicePage /> },
  { path: ADMIN_ROUTE.manageTeam, element: guarded(SCREENS.manageTeam.capability, <TeamPage />) },
  {
    path: `${ADMIN_ROUTE.manageTeam}/:teamMemberId`,
    element: guarded(SCREENS.manageTeam.capability, <TeamPage />),
  },
  { path: ADMIN_ROUTE.processedOrder, element: guarded(SCREENS.processedOrder.capability, <ProcessedOrderPage />) },
  { path: ADMIN_ROUTE.disputes, element: guarded(SCREENS.disputes.capability, <DisputesPage />) },
  { path: ADMIN_ROUTE.fraudWarnings, element: screenOf(SCREENS.fraudWarnings, <FraudWarningsPage />) },
  { path: ADMIN_ROUTE.failedRefunds, element: screenOf(SCREENS.failedRefunds, <FailedRefundsPage />) },
  { path: ADMIN_ROUTE.disputeReport, element: guarded(SCREENS.disputeReport.capability, <DisputeReportPage />) },
  { path: ADMIN_ROUTE.gatewaySetting, element: guarded(SCREENS.gatewaySetting.capability, <GatewayPage />) },
  { path: ADMIN_ROUTE.changePassword, element: <ChangePasswordPage /> },
  { path: ADMIN_ROUTE.account, element: <AccountPage /> },
  { path: ADMIN_ROUTE.accessLog, element: guarded(SCREENS.accessLog.capability, <AccessLogPage />) },
  { path: ADMIN_ROUTE.auditLog, element: guarded(SCREENS.auditLog.capability, <AuditLogPage />) },
  { path: '*', element: <NotFound /> },
];

/** The admin app's route tree; the browser router (router.tsx) and the component tests share it. */
export const routes: RouteObject[] = [
  { path: ADMIN_ROUTE.logout, element: <Logout />, errorElement: <RouteError /> },
  // the reset mail's link: no session needed, so outside the gate
  { path: `${RESET_PASSWORD_PATH}/:token`, element: <ResetPasswordPage />, errorElement: <RouteError /> },
  { path: ADMIN_ROUTE.home, element: <AuthGate />, errorElement: <RouteError />, children: adminRoutes },
];
