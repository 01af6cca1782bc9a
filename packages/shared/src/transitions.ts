import { type Capability, can, type Role } from './roles.ts';
import { statusLabel } from './status-labels.ts';
import { ORDER_STATUSES, type OrderStatus, STATUS } from './statuses.ts';

/**
 * The order detail's move buttons (SPEC §4) and the transitions the server allows (DESIGN §6), in
 * one table: the screen shows a button exactly when the server would accept the move. Written once.
 * One exception, SPEC's: every button of the order's own status is hidden (SPEC §4), so Completed
 * Refunds is not offered on an order already in Refunds, though move-to-complete-refund would give a
 * refund request its date there; the Refunds queue's "Refunded it" does that
 * (docs/decisions/0025-queue-screens-web.md).
 */
export interface MoveRule {
  to: OrderStatus;
  /** the button's label on the order detail (SPEC §4) */
  label: string;
  /** statuses the move is allowed from; 'any' means every other status */
  from: readonly OrderStatus[] | 'any';
  /** what the member's type must hold (DESIGN §7) */
  capability: Capability;
  /** 'move': PUT /admin/move-order-status; 'refund': PUT /admin/move-to-complete-refund */
  call: 'move' | 'refund';
}

/** In SPEC §4's button order. */
export const MOVE_RULES: readonly MoveRule[] = [
  { to: STATUS.Awaiting, label: 'Move to Awaiting Response', from: 'any', capability: 'orders.work', call: 'move' },
  { to: STATUS.Refunds, label: 'Completed Refunds', from: 'any', capability: 'orders.work', call: 'refund' },
  { to: STATUS.Completed, label: 'Completed Orders', from: 'any', capability: 'orders.work', call: 'move' },
  { to: STATUS.Deleted, label: 'Delete', from: 'any', capability: 'orders.delete', call: 'move' },
  { to: STATUS.Rejected, label: 'Rejected', from: 'any', capability: 'orders.work', call: 'move' },
  { to: STATUS.ContactCustomer, label: 'Contact Customer', from: 'any', capability: 'orders.work', call: 'move' },
  { to: STATUS.ChargeBack, label: 'ChargeBack', from: 'any', capability: 'orders.work', call: 'move' },
  {
    to: STATUS.AwaitingGovt,
    label: 'Move to Awaiting Govt',
    from: [STATUS.New, STATUS.Priority, STATUS.ProcessMarch, STATUS.Awaiting],
    capability: 'orders.work',
    call: 'move',
  },
  {
    to: STATUS.CustomerCalled,
    label: 'Move to Customer Called',
    from: [STATUS.ContactCustomer],
    capability: 'orders.work',
    call: 'move',
  },
];

export function moveRuleFor(to: OrderStatus): MoveRule | undefined {
  return MOVE_RULES.find((rule) => rule.to === to);
}

/** Why a move is refused, or null when it is allowed. */
export type MoveRefusal =
  /** no move leads to this status (New, Priority Processing, moveToProcessMarch, Pending) */
  | 'noMove'
  /** Refunds goes through move-to-complete-refund, not move-order-status */
  | 'refundCall'
  | 'sameStatus'
  | 'notFromHere'
  | 'forbidden';

/**
 * Checks a move of one order from `from` to `to` by a member of type `role` through `call`.
 * The hold rule (hold.ts) is checked separately: it depends on who holds the order.
 */
export function moveRefusal(
  from: string,
  to: OrderStatus,
  role: Role,
  call: MoveRule['call'] = 'move',
): MoveRefusal | null {
  const rule = moveRuleFor(to);
  if (!rule) return 'noMove';
  if (rule.call !== call) return call === 'move' ? 'refundCall' : 'noMove';
  if (from === to) return 'sameStatus';
  if (rule.from !== 'any' && !(rule.from as readonly string[]).includes(from)) return 'notFromHere';
  if (!can(role, rule.capability)) return 'forbidden';
  return null;
}

/** The move buttons the detail screen shows for an order in `from`, for a member of type `role`. */
export function movesFrom(from: string, role: Role): MoveRule[] {
  return MOVE_RULES.filter((rule) => moveRefusal(from, rule.to, role, rule.call) === null);
}

/** Every (from, to) pair of statuses, for table-driven tests and documentation. */
export function allMovePairs(): { from: OrderStatus; to: OrderStatus }[] {
  return ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => ({ from, to })));
}

/** The status as a person reads it (status-labels.ts): never a raw value such as `AwaitingGovt`. */
const shown = statusLabel;

/** What the member is told when a move is refused (DESIGN §5: a refused move says why). */
export function moveRefusalMessage(refusal: MoveRefusal, from: string, to: OrderStatus): string {
  switch (refusal) {
    case 'noMove':
      return `Orders cannot be moved to ${shown(to)} from the order detail.`;
    case 'refundCall':
      return 'Use Completed Refunds to mark an order as refunded.';
    case 'sameStatus':
      return `The order is already in ${shown(to)}.`;
    case 'notFromHere': {
      const rule = moveRuleFor(to);
      const allowed = rule && rule.from !== 'any' ? rule.from.map(shown).join(', ') : '';
      return `An order in ${shown(from)} cannot be moved to ${shown(to)}; only from ${allowed}.`;
    }
    case 'forbidden':
      return `You do not have permission to move orders to ${shown(to)}.`;
  }
}
