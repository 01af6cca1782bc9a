import { type ApiEnvelope, FOLDERS, MSG, statusLabel, takeoverConfirm } from '@eta/shared';
import { useCallback, useState } from 'react';
import { toast } from 'react-toastify';
import { refused } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { selectUser, useAppDispatch, useAppSelector } from '../../../store/index.ts';
import { setSelectedData } from '../../../store/orderSlice.ts';
import {
  type QueueArgs,
  queuesUtil,
  useAssignOrdersMutation,
  useDeleteOrdersMutation,
  useRefundOrdersMutation,
  useUnassignOrdersMutation,
} from './api.ts';
import type { BulkAction } from './views.ts';

/** SPEC §8 confirm texts; Refunded it has none in SPEC and sends mail, so it asks in our words. */
export const CONFIRM_TEXT: Record<BulkAction, string> = {
  assign: MSG.confirmAssign,
  unassign: MSG.confirmUnassign,
  delete: MSG.confirmDelete,
  refund: WEB_TEXT.confirmRefund,
};

const orders = (ids: readonly string[]) =>
  ids.length === 1
    ? `order ${ids[0]}`
    : ids.length <= 3
      ? `orders ${ids.join(', ')}`
      : `${ids.length.toLocaleString('en-GB')} orders`;

/**
 * The folder an order goes back to when it is released: its status's own folder (a priority order
 * to Priority Orders, not New Orders; issue 33), the status's label where no folder holds it alone.
 */
export function originalFolder(status: string): string {
  const folder = FOLDERS.find((f) => !f.mine && f.statuses?.length === 1 && f.statuses[0] === status);
  return folder?.label ?? statusLabel(status);
}

/** What a bulk action will do, said before SPEC's question (issue 21: "Delete 300 orders?"). */
export function confirmDetail({ action, orderIds, statuses = [], holders = [] }: PendingAction): string {
  const what = orders(orderIds);
  if (action === 'assign')
    // issue 33: taking over orders another member holds names them
    return holders.length > 0 ? `Assign ${what} to you. ${takeoverConfirm(holders)}` : `Assign ${what} to you.`;
  if (action === 'unassign') {
    const folders = [...new Set(statuses.map(originalFolder))];
    if (folders.length === 0) return `Move ${what} back to their folders.`;
    return folders.length === 1
      ? `Move ${what} back to ${folders[0]}.`
      : `Move ${what} back to their folders: ${folders.join(', ')}.`;
  }
  if (action === 'delete') return `Delete ${what}.`;
  return `Mark ${what} refunded and mail ${orderIds.length === 1 ? 'the applicant' : 'each applicant'}.`;
}

export interface PendingAction {
  action: BulkAction;
  orderIds: string[];
  /** the selected orders' statuses: where Move to Original Folder sends them */
  statuses?: string[];
  /** who holds the selected orders someone else holds: a takeover names them */
  holders?: string[];
}

interface Outcome {
  conflicts?: unknown[];
  notFound?: unknown[];
  unchanged?: unknown[];
  updated?: string[];
}

/**
 * SPEC §8: success toasts carry the server's message. A success that left some orders out (held by
 * another member, already there, unknown) is a warning: its message names them and their holders.
 */
function notifyBulk(envelope: ApiEnvelope<Outcome>): boolean {
  const data = envelope.data;
  const partial = [data?.conflicts, data?.notFound, data?.unchanged].some((list) => (list?.length ?? 0) > 0);
  if (partial) {
    toast.warning(envelope.message);
    return true;
  }
  return notify(envelope);
}

/**
 * The bulk area's and the rows' actions: ask, send, tell, then start over with no selection. The
 * list and the counts are refetched by tag after every action, even one that failed, because a
 * failure (a conflict) means someone else changed those orders.
 */
export function useQueueActions(args: QueueArgs) {
  const dispatch = useAppDispatch();
  const userName = useAppSelector(selectUser)?.name ?? '';
  // Kept after the dialog closes, so its text does not change while it fades out.
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [open, setOpen] = useState(false);
  const [assign, assignState] = useAssignOrdersMutation();
  const [unassign, unassignState] = useUnassignOrdersMutation();
  const [remove, removeState] = useDeleteOrdersMutation();
  const [refund, refundState] = useRefundOrdersMutation();
  const busy = assignState.isLoading || unassignState.isLoading || removeState.isLoading || refundState.isLoading;

  /** SPEC §4: with nothing selected an action does nothing. */
  const ask = useCallback(
    (action: BulkAction, orderIds: string[], facts: Omit<PendingAction, 'action' | 'orderIds'> = {}) => {
      if (orderIds.length === 0) return;
      setPending({ action, orderIds, ...facts });
      setOpen(true);
    },
    [],
  );

  const send = ({ action, orderIds }: PendingAction): Promise<ApiEnvelope<Outcome>> => {
    const body = { orderId: orderIds };
    // A blank assignto would clear the assignment (SPEC §7): without a name, the token's member is meant.
    if (action === 'assign') return assign(userName ? { ...body, assignto: userName } : body).unwrap();
    if (action === 'unassign') return unassign(body).unwrap();
    if (action === 'refund') return refund(body).unwrap();
    return remove(body).unwrap();
  };

  const confirm = async () => {
    if (!pending || !open) return;
    // a refusal was toasted by the base query
    const envelope = await send(pending).catch(refused);
    setOpen(false);
    dispatch(setSelectedData([]));
    const ok = envelope !== undefined && notifyBulk(envelope);
    const deleted = envelope?.data?.updated;
    if (ok && pending.action === 'delete' && deleted) {
      // SPEC §4: deleted ids leave the list at once; the refetch that follows confirms it.
      const gone = new Set(deleted);
      dispatch(
        queuesUtil.updateQueryData('getQueue', args, (draft) => {
          if (draft.data) draft.data = draft.data.filter((order) => !gone.has(order.order_id));
          if (draft.total !== undefined) draft.total = Math.max(0, draft.total - gone.size);
        }),
      );
    }
  };

  return { pending, open, busy, ask, confirm, cancel: () => setOpen(false) };
}
