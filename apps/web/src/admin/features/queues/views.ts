import { type BulkAction, type ColumnSet, can, type FolderDef, type Role } from '@eta/shared';

export type { BulkAction, ColumnSet };

/** One member's view of one queue: the folder's view facts (shared folders.ts) filtered by capability. */
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

/**
 * What one member may do in one queue: SPEC §2 and §6, hiding what the server refuses (DESIGN §7).
 * Every fact comes from the folder's definition, so no queue is special-cased here.
 */
export function queueView(folder: FolderDef, role: Role | null): QueueView {
  const { view } = folder;
  return {
    columns: view.columns,
    bulk: view.bulk.filter((button) => can(role, button.capability)).map((button) => button.action),
    rowDelete: view.rowDelete !== null && can(role, view.rowDelete),
    greyHeld: view.greyHeld,
    showHolder: !folder.mine,
  };
}
