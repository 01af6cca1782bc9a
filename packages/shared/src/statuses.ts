/** Order process statuses, the literal values of SPEC §4 (DESIGN §6). Written once, here. */
export const STATUS = {
  New: 'New',
  Priority: 'Priority Processing',
  ProcessMarch: 'moveToProcessMarch',
  /** SPEC: "the literal value has a trailing space". Kept on the wire. */
  Awaiting: 'Awaiting ',
  AwaitingGovt: 'AwaitingGovt',
  ContactCustomer: 'Contact Customer',
  CustomerCalled: 'Customer Called',
  Completed: 'Completed',
  Refunds: 'Refunds',
  Deleted: 'Deleted',
  Rejected: 'Rejected',
  ChargeBack: 'ChargeBack',
  Pending: 'Pending',
} as const;

export type OrderStatus = (typeof STATUS)[keyof typeof STATUS];
export const ORDER_STATUSES: readonly OrderStatus[] = Object.values(STATUS);

/** Accepts SPEC literals and the trimmed `Awaiting` (DESIGN §6); returns the canonical literal or null. */
export function parseStatus(value: string): OrderStatus | null {
  if (value === 'Awaiting') return STATUS.Awaiting;
  return (ORDER_STATUSES as readonly string[]).includes(value) ? (value as OrderStatus) : null;
}

/** Statuses in which an order is still being worked: the "My Orders" folder (DESIGN §6). */
export const OPEN_STATUSES: readonly OrderStatus[] = [
  STATUS.New,
  STATUS.Priority,
  STATUS.ProcessMarch,
  STATUS.Pending,
  STATUS.Awaiting,
  STATUS.AwaitingGovt,
  STATUS.ContactCustomer,
  STATUS.CustomerCalled,
];

/** Statuses in which an order held by someone else is locked for non-managers (DESIGN §6). */
export const CLAIMABLE_STATUSES: readonly OrderStatus[] = [STATUS.New, STATUS.Priority, STATUS.ProcessMarch];

/** Defence packs and transaction details are enabled only in these statuses (SPEC §4). */
export const DEFENCE_STATUSES: readonly OrderStatus[] = [STATUS.Completed, STATUS.CustomerCalled, STATUS.ChargeBack];
