import { type OrderStatus, STATUS } from './statuses.ts';

/**
 * Follow-up dates on Awaiting Customer and Awaiting Govt (DESIGN §18, issue 21): a day (YYYY-MM-DD)
 * on which a member should chase the customer or the government again. Due from that day on, UTC.
 */

/** The statuses an order may carry a follow-up date in, and the count field of each one's due orders. */
export const FOLLOW_UP_COUNT_FIELD = {
  [STATUS.Awaiting]: 'awaitingFollowUpDueCount',
  [STATUS.AwaitingGovt]: 'awaitingGovtFollowUpDueCount',
} as const satisfies Partial<Record<OrderStatus, string>>;

export type FollowUpStatus = keyof typeof FOLLOW_UP_COUNT_FIELD;
export type FollowUpCountField = (typeof FOLLOW_UP_COUNT_FIELD)[FollowUpStatus];
/** beside them, Awaiting Customer's orders with a customer's reply (`awaitingRepliedCount`, DESIGN §25) */
export type FollowUpCounts = Partial<Record<FollowUpCountField | 'awaitingRepliedCount', number>>;

export const FOLLOW_UP_STATUSES = Object.keys(FOLLOW_UP_COUNT_FIELD) as FollowUpStatus[];

export function isFollowUpStatus(status: string): status is FollowUpStatus {
  return (FOLLOW_UP_STATUSES as readonly string[]).includes(status);
}

/** The UTC day of an instant, as YYYY-MM-DD: a follow-up is due once this reaches its date. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Due: the order is in a follow-up status and its date is today or earlier (UTC). The server counts
 * by the same rule (follow_up_on <= today, in those statuses); a date kept from an earlier stay in
 * Awaiting is not due while the order is elsewhere.
 */
export function isFollowUpDue(order: { process_status: string; follow_up_on: string | null }, now: number): boolean {
  return order.follow_up_on !== null && isFollowUpStatus(order.process_status) && order.follow_up_on <= utcDay(now);
}

export const FOLLOW_UP_MSG = {
  set: 'Follow-up date saved.',
  cleared: 'Follow-up date cleared.',
  date: 'followUpOn must be a real date written YYYY-MM-DD, or null to clear it.',
  wrongStatus: 'A follow-up date can be set only on orders in Awaiting Customer or Awaiting Govt.',
  due: 'Follow-up due',
} as const;

/** The label beside a follow-up date that is not yet due. */
export const followUpOnLabel = (day: string): string => `Follow up on ${day.split('-').reverse().join('-')}`;
