import type { Capability } from './roles.ts';
import type { ListSortColumn, SortOrder } from './schemas/queues.ts';

/** The buttons of SPEC §2's bulk area. */
export type BulkAction = 'assign' | 'unassign' | 'refund' | 'delete';

/**
 * SPEC §2's three queue tables (the usual one, Contact Customer's without Telephone, and Refunds'),
 * and the ChargeBack queue's: the usual one with "Respond by" (DESIGN §14).
 */
export type ColumnSet = 'standard' | 'noTelephone' | 'refund' | 'chargeback';

/** A bulk button and what a member needs to be shown it (the server asks for the same capability). */
export interface FolderBulkAction {
  action: BulkAction;
  capability: Capability;
}

/** Bootstrap theme colours, the dashboard tiles' accents. */
export type TileAccent = 'primary' | 'info' | 'danger' | 'warning' | 'success' | 'dark';

/**
 * What a folder's queue screen shows (SPEC §2, §6), as data: the web derives every queue from it,
 * so a new folder is one entry in FOLDERS and no screen switches on folder names.
 */
export interface FolderView {
  columns: ColumnSet;
  /** bulk buttons, in the order shown */
  bulk: readonly FolderBulkAction[];
  /** capability for the row's own Delete next to View; null: the rows offer View only */
  rowDelete: Capability | null;
  /** grey out the View of an order someone else holds (SPEC §2: New, Priority, Process March) */
  greyHeld: boolean;
  /** a tile on the dashboard (SPEC §2), shown in folder order; null: not on the dashboard */
  dashboardTile: { accent: TileAccent } | null;
  /** the order of its rows until the member sorts them */
  defaultSort: { sort: ListSortColumn; order: SortOrder };
}

const ASSIGN: FolderBulkAction = { action: 'assign', capability: 'orders.work' };
const UNASSIGN: FolderBulkAction = { action: 'unassign', capability: 'orders.work' };
const REFUND: FolderBulkAction = { action: 'refund', capability: 'orders.work' };
const DELETE: FolderBulkAction = { action: 'delete', capability: 'orders.delete' };
/** SPEC §6: in My Orders only Admin deletes, by row as in bulk. */
const DELETE_MINE: FolderBulkAction = { action: 'delete', capability: 'myOrders.delete' };

const view = (bulk: readonly FolderBulkAction[], rowDelete: Capability | null): FolderView => ({
  columns: 'standard',
  bulk,
  rowDelete,
  greyHeld: false,
  dashboardTile: null,
  defaultSort: NEWEST_FIRST,
});

/** SPEC's queues: the newest order first. */
const NEWEST_FIRST = { sort: 'created_at', order: 'desc' } as const;

/**
 * The kinds of queue SPEC §2 and §6 describe; FOLDERS picks one per folder and adds its own facts.
 * "Processing queues" (SPEC §6) hold orders still being worked: an order assigned there shows up in
 * My Orders, which lists exactly the open statuses (DESIGN §6). Assigning a completed, rejected or
 * deleted order would hide it from everyone's worklist, so finished queues offer no Assign to me.
 */
export const FOLDER_VIEW = {
  /** My Orders: everyone moves orders back to their queue; deleting needs myOrders.delete */
  mine: view([UNASSIGN, DELETE_MINE], DELETE_MINE.capability),
  /** open statuses: Assign to me for everyone, Delete for those who may delete */
  processing: view([ASSIGN, DELETE], DELETE.capability),
  /** finished statuses (and Order History): nothing to assign, Delete for those who may delete */
  finished: view([DELETE], DELETE.capability),
  /** Refunds: its own columns, Refunded it for all, Delete in bulk only; rows are View only */
  refunds: { ...view([REFUND, DELETE], null), columns: 'refund' },
  /** already deleted: a Delete could only be refused, and there is nothing to assign */
  deleted: view([], null),
  /** ChargeBack (DESIGN §14): finished, with each order's dispute deadline, soonest first */
  chargeback: {
    ...view([DELETE], DELETE.capability),
    columns: 'chargeback',
    defaultSort: { sort: 'respond_by', order: 'asc' },
  },
  /** Overdue Orders (DESIGN §18): open orders to work, the longest overdue first */
  overdue: { ...view([ASSIGN, DELETE], DELETE.capability), defaultSort: { sort: 'sla_due_at', order: 'asc' } },
} as const satisfies Record<string, FolderView>;
