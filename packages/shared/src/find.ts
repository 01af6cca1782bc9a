import { FOLDERS } from './folders.ts';
import { type OrderStatus, STATUS } from './statuses.ts';

/**
 * The folder (orderName) that holds an order by its status: the one folder of that status alone,
 * never My Orders, Overdue or Order History, which hold orders for other reasons. Unknown: allorder.
 */
export function folderOfStatus(status: string): string {
  const folder = FOLDERS.find((f) => !f.mine && !f.overdue && f.statuses?.length === 1 && f.statuses[0] === status);
  return folder?.name ?? 'allorder';
}

/**
 * What staff read for a status (DESIGN §23: statuses show as labels, never raw values): the name of
 * the queue that holds it, as the sidebar says it.
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

/** A status as staff read it; a value this build does not know is shown as it is. */
export function statusLabel(status: string): string {
  return (STATUS_LABEL as Record<string, string>)[status] ?? status.trim();
}
