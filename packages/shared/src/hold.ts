import { can, type Role } from './roles.ts';
import { CLAIMABLE_STATUSES, type OrderStatus } from './statuses.ts';

/** How one order's assignment looks to one staff member. */
export interface HoldView {
  process_status: string;
  /** someone holds the order */
  held: boolean;
  /** the one looking at it holds it */
  heldByMe: boolean;
}

/** Admin and Manager may take over another's order and are not stopped by its hold (DESIGN §6). */
export function mayOverrideHold(role: Role): boolean {
  return can(role, 'orders.takeover');
}

/**
 * An order waiting to be worked (New, Priority Processing, moveToProcessMarch) held by someone else.
 * The screens grey its View link (SPEC §2); the server refuses writes to it by Team, Telecaller and
 * Night Staff (DESIGN §6), remarks apart (§23).
 */
export function isHeldByOther(order: HoldView): boolean {
  return order.held && !order.heldByMe && CLAIMABLE_STATUSES.includes(order.process_status as OrderStatus);
}

/**
 * What a member writes to an order, as far as the hold is concerned: `work` (a move, an upload, a
 * mail, a follow-up date …: the holder's, Admin's and Manager's), or a `note` (a remark), which a
 * member with `orders.noteHeld` may leave whoever holds the order (DESIGN §23).
 */
export type HoldWrite = 'work' | 'note';

/** True when the hold stops this member making this kind of write to the order. */
export function holdBlocks(role: Role, order: HoldView, write: HoldWrite = 'work'): boolean {
  if (!isHeldByOther(order) || mayOverrideHold(role)) return false;
  return !(write === 'note' && can(role, 'orders.noteHeld'));
}
