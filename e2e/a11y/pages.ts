import { ADMIN_ROUTE, FOLDERS, folderRoute, PUBLIC_ROUTE, savedViewPath } from '@eta/shared';
import { expect, type Page } from '@playwright/test';
import type { DEMO } from '../fixtures.ts';
import { orderRef } from '../orders.ts';
import type { A11yFacts } from './facts.ts';

/**
 * THE list of pages the accessibility spec checks (docs/accessibility.md). A new screen adds one
 * entry here; a new queue folder comes by itself from FOLDERS. Each entry is opened as each viewer
 * it names (a staff account, or the customer), at the given width, once the screen has settled
 * (no 'Loading...', nothing aria-busy, its heading shown), then `ready` and `act` run, and axe
 * checks the whole document.
 */
export type Viewer = keyof typeof DEMO | 'customer';

export interface A11yPage {
  /** how the page is named in a failure and in docs */
  name: string;
  path: (facts: A11yFacts) => string;
  as: readonly Viewer[];
  /** viewport width in px (default 1280); customers' pages are checked at phone width */
  width?: number;
  /** waits for the real data the page must show before it is checked */
  ready?: (page: Page) => Promise<void>;
  /** a further state to check: a modal or menu opened, an invalid form submitted */
  act?: (page: Page, facts: A11yFacts) => Promise<void>;
}

const PHONE = 390;

/** a queue with at least one row on screen */
const rows = async (page: Page) => {
  await expect(page.locator('.queue-table tbody tr td.action-cell').first()).toBeVisible();
};
const tableRows = async (page: Page) => {
  // the first visible row (a chart's own table stays hidden until asked for)
  await expect(page.locator('main tbody tr').filter({ visible: true }).first()).toBeVisible();
};
const detailReady = async (page: Page) => {
  await expect(page.getByTestId('order-status')).toBeVisible();
};

/** Every folder: as Admin (every button), and those whose actions differ by role as the others too. */
const ROLE_QUEUES: Partial<Record<string, readonly Viewer[]>> = {
  newOrder: ['admin', 'team'],
  myOrder: ['admin', 'team'],
  refundorder: ['admin', 'telecaller'],
  allorder: ['admin', 'manager'],
};
/** folders the demo always fills: checked with rows on screen */
const FILLED = new Set(['newOrder', 'completedorder', 'chargeBack', 'allorder', 'refundorder']);

const queuePages: A11yPage[] = FOLDERS.map((folder) => ({
  name: `queue ${folder.label}`,
  path: () => folderRoute(folder.path),
  as: ROLE_QUEUES[folder.name] ?? ['admin'],
  ...(FILLED.has(folder.name) ? { ready: rows } : {}),
}));

export const A11Y_PAGES: readonly A11yPage[] = [
  { name: 'sign-in', path: () => ADMIN_ROUTE.home, as: ['customer'] },
  {
    name: 'sign-in with errors',
    path: () => ADMIN_ROUTE.home,
    as: ['customer'],
    act: async (page) => {
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByText('Email Address is required')).toBeVisible();
    },
  },
  {
    name: 'dashboard',
    path: () => ADMIN_ROUTE.dashboard,
    as: ['admin', 'team', 'telecaller'],
    ready: async (page) => {
      await expect(page.getByTestId('order-trend')).toBeVisible();
    },
  },
  {
    name: 'dashboard, user menu open',
    path: () => ADMIN_ROUTE.dashboard,
    as: ['admin'],
    act: async (page) => {
      await page.locator('#user-menu').click();
      await expect(page.getByRole('button', { name: /Welcome/ })).toHaveAttribute('aria-expanded', 'true');
    },
  },
  ...queuePages,
  // DESIGN §23: the work surface's own states
  {
    name: 'dashboard, find results open',
    path: () => ADMIN_ROUTE.dashboard,
    as: ['telecaller'],
    act: async (page, f) => {
      await page.getByRole('combobox', { name: /Find an order/ }).fill(f.documented.email);
      await expect(page.getByRole('listbox', { name: 'Orders found' })).toBeVisible();
    },
  },
  {
    name: 'dashboard, notifications open',
    path: () => ADMIN_ROUTE.dashboard,
    as: ['team'],
    act: async (page) => {
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveAttribute('aria-expanded', 'true');
    },
  },
  {
    name: 'dashboard, shortcut sheet',
    path: () => ADMIN_ROUTE.dashboard,
    as: ['team'],
    act: async (page) => {
      // keys are shortcuts only outside fields (as text: the e2e project compiles without the DOM's types)
      await page.evaluate('document.activeElement && document.activeElement.blur()');
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    },
  },
  {
    name: 'queue Order History, filtered',
    path: () => `${folderRoute('order-history')}?sla=overdue&domain=primary`,
    as: ['manager'],
  },
  {
    name: 'queue New Orders, Move to menu open',
    path: () => folderRoute('recent-order'),
    as: ['admin'],
    ready: rows,
    act: async (page) => {
      await page.locator('.queue-table tbody .select-cell input').first().check();
      await page.locator('#move-to').click();
      await expect(page.locator('#move-to')).toHaveAttribute('aria-expanded', 'true');
    },
  },
  {
    name: 'queue New Orders, confirm dialog',
    path: () => folderRoute('recent-order'),
    as: ['team'],
    ready: rows,
    act: async (page) => {
      await page.locator('.queue-table tbody .select-cell input').first().check();
      await page.getByRole('button', { name: 'Assign to me' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'order detail with document, remarks and mails',
    path: (f) => `${ADMIN_ROUTE.viewOrder}/${orderRef(f.documented.orderId)}`,
    as: ['admin', 'team'],
    ready: async (page) => {
      await detailReady(page);
      await expect(page.getByTestId('current-document')).toBeVisible();
      await expect(page.getByTestId('comment-history')).toBeVisible();
    },
  },
  {
    name: 'order detail, remark refused',
    path: (f) => `${ADMIN_ROUTE.viewOrder}/${orderRef(f.documented.orderId)}`,
    as: ['team'],
    ready: detailReady,
    act: async (page) => {
      await page.getByRole('button', { name: 'Save Comment' }).click();
      await expect(page.getByText('Please enter your remark')).toBeVisible();
    },
  },
  {
    name: 'order detail, email content',
    path: (f) => `${ADMIN_ROUTE.viewOrder}/${orderRef(f.documented.orderId)}`,
    as: ['admin'],
    ready: detailReady,
    act: async (page) => {
      await page.getByRole('button', { name: 'View Email Content' }).click();
      await expect(page.getByTestId('email-subject')).toBeVisible();
    },
  },
  {
    name: 'order detail with a dispute',
    path: (f) => `${ADMIN_ROUTE.viewOrder}/${orderRef(f.disputed)}`,
    as: ['admin'],
    ready: async (page) => {
      await detailReady(page);
      await expect(page.getByTestId('dispute').first()).toBeVisible();
    },
  },
  {
    name: 'order detail, conversation with a reply, writing to the customer',
    path: (f) => `${ADMIN_ROUTE.viewOrder}/${orderRef(f.documented.orderId)}`,
    as: ['team'],
    ready: async (page) => {
      await detailReady(page);
      await expect(page.locator('.conversation-mail.from-customer').first()).toBeVisible();
    },
    act: async (page) => {
      await page.getByRole('button', { name: 'Write to customer' }).click();
      await expect(page.getByRole('heading', { name: 'Write to customer' })).toBeVisible();
    },
  },
  // DESIGN §25 and §26: the screens of the mailbox and of the processor
  {
    name: 'mail templates',
    path: () => ADMIN_ROUTE.mailTemplates,
    as: ['admin', 'team'],
    ready: async (page) => {
      await expect(page.getByText('Clearer passport photo').first()).toBeVisible();
    },
  },
  {
    name: 'mail templates, editing one',
    path: () => ADMIN_ROUTE.mailTemplates,
    as: ['admin'],
    act: async (page) => {
      await page.getByRole('button', { name: 'Edit' }).first().click();
      await expect(page.getByLabel('Subject')).toBeVisible();
    },
  },
  {
    name: 'unmatched mail',
    path: () => ADMIN_ROUTE.unmatchedMail,
    as: ['admin'],
    ready: async (page) => {
      await expect(page.getByText('Where is my travel permit?').first()).toBeVisible();
    },
  },
  // Stripe is not connected in e2e: these say so, in staff's words (docs/decisions/0336-…)
  { name: 'fraud warnings, Stripe not connected', path: () => ADMIN_ROUTE.fraudWarnings, as: ['admin'] },
  { name: 'failed refunds, Stripe not connected', path: () => ADMIN_ROUTE.failedRefunds, as: ['admin'] },
  { name: 'saved view', path: (f) => savedViewPath(f.savedViewId), as: ['admin'] },
  { name: 'disputes', path: () => ADMIN_ROUTE.disputes, as: ['admin', 'team'], ready: tableRows },
  { name: 'dispute report', path: () => ADMIN_ROUTE.disputeReport, as: ['admin'] },
  { name: 'country order list', path: () => ADMIN_ROUTE.countryOrderList, as: ['admin'], ready: tableRows },
  { name: 'order processed', path: () => ADMIN_ROUTE.processedOrder, as: ['admin'], ready: tableRows },
  { name: 'send invoice', path: () => ADMIN_ROUTE.sendInvoice, as: ['team'] },
  {
    name: 'send invoice with errors',
    path: () => ADMIN_ROUTE.sendInvoice,
    as: ['team'],
    act: async (page) => {
      await page.getByRole('button', { name: /Send/ }).click();
      await expect(page.getByText('Please enter your order id.')).toBeVisible();
    },
  },
  { name: 'manage team', path: () => ADMIN_ROUTE.manageTeam, as: ['admin', 'manager'], ready: tableRows },
  {
    name: 'manage team, editing a member',
    path: (f) => `${ADMIN_ROUTE.manageTeam}/${f.teamMemberId}`,
    as: ['admin'],
    ready: tableRows,
  },
  { name: 'gateway setting', path: () => ADMIN_ROUTE.gatewaySetting, as: ['admin'] },
  { name: 'update password', path: () => ADMIN_ROUTE.changePassword, as: ['team'] },
  { name: 'account', path: () => ADMIN_ROUTE.account, as: ['admin', 'team'], ready: tableRows },
  { name: 'access log', path: () => ADMIN_ROUTE.accessLog, as: ['admin'], ready: tableRows },
  { name: 'audit log', path: () => ADMIN_ROUTE.auditLog, as: ['admin'], ready: tableRows },
  { name: 'not found', path: () => '/admin/no-such-screen', as: ['team'] },
  { name: 'forbidden', path: () => ADMIN_ROUTE.manageTeam, as: ['team'] },
  {
    name: 'public track order',
    path: (f) => `${PUBLIC_ROUTE.trackOrder}/${orderRef(f.documented.orderId)}`,
    as: ['customer'],
    width: PHONE,
  },
  {
    name: 'public track order with errors',
    path: (f) => `${PUBLIC_ROUTE.trackOrder}/${orderRef(f.documented.orderId)}`,
    as: ['customer'],
    width: PHONE,
    act: async (page) => {
      await page.getByLabel('Order ID').fill('');
      await page.getByRole('button', { name: 'TRACK ORDER' }).click();
      await expect(page.getByText('Please enter your orderId')).toBeVisible();
    },
  },
  {
    name: 'public order details and download history',
    path: (f) => `${PUBLIC_ROUTE.trackOrder}/${orderRef(f.documented.orderId)}`,
    as: ['customer'],
    width: PHONE,
    act: async (page, f) => {
      await page.getByLabel('Email ID').fill(f.documented.email);
      await page.getByRole('button', { name: 'TRACK ORDER' }).click();
      await expect(page).toHaveURL(new RegExp(`${PUBLIC_ROUTE.getNewOrderDetails}/`));
      await expect(page.getByRole('button', { name: 'Download Now' })).toBeVisible();
    },
  },
];
