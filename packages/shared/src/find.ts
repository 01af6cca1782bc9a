import { FOLDERS } from './folders.ts';

/**
 * The folder (orderName) that holds an order by its status: the one folder of that status alone,
 * never My Orders, Overdue or Order History, which hold orders for other reasons. Unknown: allorder.
 */
export function folderOfStatus(status: string): string {
  const folder = FOLDERS.find((f) => !f.mine && !f.overdue && f.statuses?.length === 1 && f.statuses[0] === status);
  return folder?.name ?? 'allorder';
}
