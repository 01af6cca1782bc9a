import { can, type FolderDef, OPEN_STATUSES, type Role } from '@eta/shared';

/** The buttons of SPEC §2's bulk area, in the order they are shown. */
export type BulkAction = 'assign' | 'unassign' | 'refund' | 'delete';

export type ColumnSet = 'standard' | 'noTelephone' | 'refund';

export interface QueueView {
  columns: ColumnSet;
  bulk: readonly BulkAction[];
  /** the row's own Delete button next to View */
  rowDelete: boolean;
  /** grey out the View link of an order someone else holds */
  greyHeld: boolean;
  /** name the holder under the status (pointless in My Orders, where it is always me) */
  showHolder: boolean;
}

/** SPEC §2: "In New and Priority queues, and in Process March" the View of another's order is greyed. */
const GREY_HELD = new Set(['newOrder', 'priorityOrder', 'processMarchOrder']);

/**
 * "Processing queues" (SPEC §6) are those holding orders still being worked: an order assigned
 * there shows up in My Orders, which lists exactly the open statuses (DESIGN §6). Assigning a
 * completed, rejected or deleted order would hide it from everyone's worklist, so those queues
 * offer no Assign to me.
 */
function isProcessingQueue(folder: FolderDef): boolean {
  return !folder.mine && folder.statuses !== null && folder.statuses.every((s) => OPEN_STATUSES.includes(s));
}

/** What one member may do in one queue: SPEC §2 and §6, hiding what the server refuses (DESIGN §7). */
export function queueView(folder: FolderDef, role: Role | null): QueueView {
  const mayDelete = can(role, 'orders.delete');
  const only = (...actions: (BulkAction | false)[]) => actions.filter((a): a is BulkAction => a !== false);
  const view = (bulk: BulkAction[], rowDelete = mayDelete): QueueView => ({
    columns: folder.name === 'contactcustomerorder' ? 'noTelephone' : 'standard',
    bulk,
    rowDelete,
    greyHeld: GREY_HELD.has(folder.name),
    showHolder: !folder.mine,
  });

  switch (folder.name) {
    // My Orders: everyone moves orders back; only Admin deletes here (SPEC §6), in bulk or by row.
    case 'myOrder':
      return view(only('unassign', can(role, 'myOrders.delete') && 'delete'), can(role, 'myOrders.delete'));
    // Refunds: its own columns and View-only rows; Refunded it for all, Delete for Admin and Manager.
    case 'refundorder':
      return { ...view(only('refund', mayDelete && 'delete'), false), columns: 'refund' };
    // Already deleted: a Delete here could only be refused, so none is offered.
    case 'deletedorder':
      return view([], false);
    default:
      return view(only(isProcessingQueue(folder) && 'assign', mayDelete && 'delete'));
  }
}
