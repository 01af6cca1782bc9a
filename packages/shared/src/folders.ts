import { FOLDER_VIEW, type FolderView } from './folder-views.ts';
import type { FollowUpCounts } from './follow-ups.ts';
import type { Capability } from './roles.ts';
import { SLA_RUNNING_STATUSES } from './service-levels.ts';
import { OPEN_STATUSES, type OrderStatus, STATUS } from './statuses.ts';

/** Folder counts of SPEC §3. */
export type CountField =
  | 'myOrdersCount'
  | 'newOrdersCount'
  | 'priorityOrdersCount'
  | 'pendingOrdersCount'
  | 'completedOrdersCount'
  | 'awaitingOrdersCount'
  | 'awaitingGovtCount'
  | 'contactCustomerOrdersCount'
  | 'customerCalledCount'
  | 'deletedOrdersCount'
  | 'rejectedOrdersCount'
  | 'allOrdersCount'
  | 'refundOrdersCount'
  | 'chargeBackCount'
  | 'processMarchOrdersCount'
  /** DESIGN §18: open orders past their service level */
  | 'overdueOrdersCount';

/** The counts reply: every folder's count, and the due follow-ups beside their two folders (DESIGN §18). */
export type FolderCounts = Partial<Record<CountField, number>> & FollowUpCounts;

export interface FolderDef {
  /** orderName in list requests (SPEC §4), matched case-insensitively. */
  name: string;
  /** path under /admin (SPEC §2). */
  path: string;
  /** sidebar label (SPEC §2). */
  label: string;
  /** list title, where SPEC names one different from the label. */
  title: string;
  countField: CountField;
  /** statuses the folder holds; null means every status (Order History). */
  statuses: readonly OrderStatus[] | null;
  /** only orders assigned to the signed-in member. */
  mine: boolean;
  /**
   * only orders of `statuses` whose service level is unmet and past its due time (DESIGN §18). A
   * matter of the time, not of a status, so no counter can keep it: the server counts these orders
   * through migration 080's partial index instead.
   */
  overdue: boolean;
  /** capability needed beyond signing in. */
  capability: Capability;
  /** what the folder's queue screen and the dashboard show of it (folder-views.ts). */
  view: FolderView;
}

const f = (def: Omit<FolderDef, 'title' | 'mine' | 'overdue' | 'capability'> & Partial<FolderDef>): FolderDef => ({
  title: def.label,
  mine: false,
  overdue: false,
  capability: 'orders.work',
  ...def,
});

/**
 * The fifteen folders of SPEC §2 and DESIGN §6, in sidebar order (and so the dashboard tiles' order),
 * then DESIGN §18's Overdue Orders, last so SPEC's fifteen keep their places.
 * A new folder is one entry here: the server lists and counts it from `statuses`/`mine`/`overdue`, the web
 * builds its route, sidebar item, queue screen and dashboard tile from the rest.
 */
export const FOLDERS: readonly FolderDef[] = [
  f({
    name: 'myOrder',
    path: 'my-order',
    label: 'My Orders',
    countField: 'myOrdersCount',
    statuses: OPEN_STATUSES,
    mine: true,
    view: { ...FOLDER_VIEW.mine, dashboardTile: { accent: 'primary' } },
  }),
  f({
    name: 'newOrder',
    path: 'recent-order',
    label: 'New Orders',
    countField: 'newOrdersCount',
    statuses: [STATUS.New],
    view: { ...FOLDER_VIEW.processing, greyHeld: true, dashboardTile: { accent: 'info' } },
  }),
  f({
    name: 'priorityOrder',
    path: 'priority-order',
    label: 'Priority Orders',
    countField: 'priorityOrdersCount',
    statuses: [STATUS.Priority],
    view: { ...FOLDER_VIEW.processing, greyHeld: true, dashboardTile: { accent: 'danger' } },
  }),
  f({
    name: 'pendingorder',
    path: 'pending-order',
    label: 'Pending Orders',
    countField: 'pendingOrdersCount',
    statuses: [STATUS.Pending],
    view: { ...FOLDER_VIEW.processing, dashboardTile: { accent: 'warning' } },
  }),
  f({
    name: 'completedorder',
    path: 'completed-order',
    label: 'Completed Orders',
    countField: 'completedOrdersCount',
    statuses: [STATUS.Completed],
    view: { ...FOLDER_VIEW.finished, dashboardTile: { accent: 'success' } },
  }),
  f({
    name: 'awaitingorder',
    path: 'awaiting-response',
    label: 'Awaiting Customer',
    countField: 'awaitingOrdersCount',
    statuses: [STATUS.Awaiting],
    view: FOLDER_VIEW.processing,
  }),
  f({
    name: 'awaitinggovtorder',
    path: 'awaiting-govt',
    label: 'Awaiting Govt',
    countField: 'awaitingGovtCount',
    statuses: [STATUS.AwaitingGovt],
    view: FOLDER_VIEW.processing,
  }),
  f({
    name: 'contactcustomerorder',
    path: 'contact-customer',
    label: 'Contact Customer',
    countField: 'contactCustomerOrdersCount',
    statuses: [STATUS.ContactCustomer],
    view: { ...FOLDER_VIEW.processing, columns: 'noTelephone' },
  }),
  f({
    name: 'customercalledorder',
    path: 'called',
    label: 'Customer Called',
    countField: 'customerCalledCount',
    statuses: [STATUS.CustomerCalled],
    view: FOLDER_VIEW.processing,
  }),
  f({
    name: 'deletedorder',
    path: 'deleted-order',
    label: 'Deleted Orders',
    countField: 'deletedOrdersCount',
    statuses: [STATUS.Deleted],
    view: FOLDER_VIEW.deleted,
  }),
  f({
    name: 'rejectedOrder',
    path: 'rejected-order',
    label: 'Rejected Orders',
    title: 'Rejected Order',
    countField: 'rejectedOrdersCount',
    statuses: [STATUS.Rejected],
    view: FOLDER_VIEW.finished,
  }),
  f({
    name: 'allorder',
    path: 'order-history',
    label: 'Order History',
    countField: 'allOrdersCount',
    statuses: null,
    capability: 'orders.history',
    view: FOLDER_VIEW.finished,
  }),
  f({
    name: 'refundorder',
    path: 'refund-order',
    label: 'Refunds',
    countField: 'refundOrdersCount',
    statuses: [STATUS.Refunds],
    view: FOLDER_VIEW.refunds,
  }),
  f({
    name: 'chargeBack',
    path: 'chargeback',
    label: 'Charge Back',
    title: 'Chargeback',
    countField: 'chargeBackCount',
    statuses: [STATUS.ChargeBack],
    view: FOLDER_VIEW.chargeback,
  }),
  f({
    name: 'processMarchOrder',
    path: 'process-march-order',
    label: 'Process 5th March Orders',
    countField: 'processMarchOrdersCount',
    statuses: [STATUS.ProcessMarch],
    view: { ...FOLDER_VIEW.processing, greyHeld: true },
  }),
  f({
    name: 'overdueOrder',
    path: 'overdue-order',
    label: 'Overdue Orders',
    countField: 'overdueOrdersCount',
    statuses: SLA_RUNNING_STATUSES,
    overdue: true,
    view: { ...FOLDER_VIEW.overdue, dashboardTile: { accent: 'dark' } },
  }),
];

export function findFolder(orderName: string): FolderDef | undefined {
  const key = orderName.toLowerCase();
  return FOLDERS.find((folder) => folder.name.toLowerCase() === key);
}
