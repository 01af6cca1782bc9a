import { type OrderStatus, parseStatus, STATUS } from './statuses.ts';

/**
 * How each status reads to a person (issue 33: "statuses show as labels, never raw values"). The
 * wire keeps SPEC's literals (`moveToProcessMarch`, `Awaiting ` with its space, `AwaitingGovt`);
 * every screen, toast and refusal message shows these words instead, the folders' own names where a
 * status has a folder of its own. Written once, here.
 */
export const STATUS_LABEL: Readonly<Record<OrderStatus, string>> = {
  [STATUS.New]: 'New',
  [STATUS.Priority]: 'Priority Processing',
  [STATUS.ProcessMarch]: 'Process 5th March',
  [STATUS.Awaiting]: 'Awaiting Customer',
  [STATUS.AwaitingGovt]: 'Awaiting Govt',
  [STATUS.ContactCustomer]: 'Contact Customer',
  [STATUS.CustomerCalled]: 'Customer Called',
  [STATUS.Completed]: 'Completed',
  [STATUS.Refunds]: 'Refunds',
  [STATUS.Deleted]: 'Deleted',
  [STATUS.Rejected]: 'Rejected',
  [STATUS.ChargeBack]: 'Charge Back',
  [STATUS.Pending]: 'Pending',
};

/** The label of a status value as it came (trimmed `Awaiting` too); an unknown value as it is, trimmed. */
export function statusLabel(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const status = parseStatus(value);
  return status ? STATUS_LABEL[status] : value.trim();
}
