import { FOLDERS, type FolderDef, findFolder } from './folders.ts';
import { type Capability, can, type Role } from './roles.ts';
import { CLAIMABLE_STATUSES, type OrderStatus } from './statuses.ts';

/**
 * Working live (DESIGN §18, issue 21): "Next order" on the queues of orders waiting to be worked, and
 * the claim lease that returns an idle claim to its folder. Written once here, read by both sides.
 */

/** A folder "Next order" works, with the one status it claims from. */
export interface NextOrderFolder {
  folder: FolderDef;
  status: OrderStatus;
}

/**
 * The folders "Next order" works: the folder of each status an order waits to be claimed in (New,
 * Priority Processing, moveToProcessMarch), found from FOLDERS so a renamed folder follows.
 */
export const NEXT_ORDER_FOLDERS: readonly NextOrderFolder[] = FOLDERS.flatMap((folder) => {
  const [status] = folder.statuses ?? [];
  const claimable = !folder.mine && folder.statuses?.length === 1 && status && CLAIMABLE_STATUSES.includes(status);
  return claimable ? [{ folder, status }] : [];
});

/** The "Next order" folder of this name (case-insensitive, as every folder name), or undefined. */
export function nextOrderFolder(name: string): NextOrderFolder | undefined {
  const folder = findFolder(name);
  return NEXT_ORDER_FOLDERS.find((next) => next.folder === folder);
}

/**
 * "The most urgent order next" (DESIGN §23): `{ folder: 'urgent' }` claims the free order due soonest
 * (`sla_due_at`, then arrival) across every Next order folder at once.
 */
export const URGENT_NEXT_ORDER = 'urgent';

/** What one Next order claims from: the statuses, and whether the soonest due comes first (else the oldest). */
export interface NextOrderPick {
  statuses: readonly OrderStatus[];
  soonestDue: boolean;
  /** what the member needs: each folder's own capability */
  capabilities: readonly Capability[];
}

/** The pick of a `folder` value of next-order (a Next order folder or `urgent`, any case), or undefined. */
export function nextOrderPick(name: string): NextOrderPick | undefined {
  if (name.toLowerCase() === URGENT_NEXT_ORDER) {
    return {
      statuses: NEXT_ORDER_FOLDERS.map((next) => next.status),
      soonestDue: true,
      capabilities: NEXT_ORDER_FOLDERS.map((next) => next.folder.capability),
    };
  }
  const next = nextOrderFolder(name);
  return next && { statuses: [next.status], soonestDue: false, capabilities: [next.folder.capability] };
}

/** The member may claim from every folder the pick reads. */
export const mayPick = (role: Role | null | undefined, pick: NextOrderPick): boolean =>
  pick.capabilities.every((capability) => can(role, capability));

/** Statuses whose claims the lease returns to their folder: the same three (DESIGN §18). */
export const LEASED_STATUSES: readonly OrderStatus[] = CLAIMABLE_STATUSES;

/** CLAIM_IDLE_MINUTES' default: a claim not written to for four hours goes back to its folder. */
export const CLAIM_IDLE_MINUTES_DEFAULT = 240;

export const CLAIM_MSG = {
  noFreeOrders: 'No free orders in this folder.',
  nextOrderFolder: `folder must be one of ${[URGENT_NEXT_ORDER, ...NEXT_ORDER_FOLDERS.map((next) => next.folder.name)].join(', ')}.`,
  nextOrderButton: 'Next order',
  /** the choice of the Next order button that claims across the folders */
  nextUrgentChoice: 'Most urgent (all folders)',
  nextFolderChoice: 'Oldest in this folder',
  noFreeUrgentOrders: 'No free orders in New, Priority or Process 5th March.',
  releaseClaimsAction: 'Release claims',
  memberIdRequired: 'teamMemberId is required.',
  memberIdInvalid: 'Invalid team member id.',
  managerAdminLimit: 'A Manager cannot release the orders of an Admin.',
  /** the Activity note of each order released from Manage Team (by: the member who did it) */
  handoverNote: 'All claims released from Manage Team',
} as const;

/** The Activity note of a claim the lease returned (actor: the system). */
export const idleReleaseNote = (minutes: number): string =>
  `Not worked on for ${minutes} minutes: returned to its folder`;

/** The reply of release-claims: how many orders went back, and whose. */
export const claimsReleasedMessage = (count: number, member: string): string =>
  count === 0
    ? `${member} holds no orders.`
    : `${count} ${count === 1 ? 'order' : 'orders'} of ${member} returned to ${count === 1 ? 'its folder' : 'their folders'}.`;

/** The confirm of "Release claims" in Manage Team: it names the member (the count is the reply's). */
export const releaseClaimsConfirm = (member: string): string =>
  `Release every order ${member} holds? They return to their folders for others to claim.`;
