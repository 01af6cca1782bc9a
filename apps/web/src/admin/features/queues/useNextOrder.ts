import { ADMIN_ROUTE, encodeOrderRef } from '@eta/shared';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { refused } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { useClaimNextOrderMutation } from './nextOrderApi.ts';

/** What the detail keeps of how it was opened: through Next order, and from which folder (or `urgent`). */
export interface NextOrderState {
  nextOrder: string;
}

const isNextOrderState = (state: unknown): state is NextOrderState =>
  typeof state === 'object' && state !== null && typeof (state as NextOrderState).nextOrder === 'string';

/** The Next order folder (or `urgent`) the open screen came through, or null. */
export function useCameThroughNextOrder(): string | null {
  const { state } = useLocation();
  return isNextOrderState(state) ? state.nextOrder : null;
}

/**
 * Next order (DESIGN §18, §23): claims the next order of `folder` (a folder's name or `urgent`) and
 * opens it, remembering in the history entry that it came through Next order, so the detail's
 * "Upload & complete" goes on to the next one. None free: the server's message, and false.
 */
export function useNextOrder() {
  const navigate = useNavigate();
  const [claim, state] = useClaimNextOrderMutation();
  const next = useCallback(
    async (folder: string): Promise<boolean> => {
      const envelope = await claim({ folder }).unwrap().catch(refused);
      const orderId = envelope?.data?.orderId;
      if (!envelope || !notify(envelope) || !orderId) return false;
      const nextOrder: NextOrderState = { nextOrder: folder };
      await navigate(`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(orderId)}`, { state: nextOrder });
      return true;
    },
    [claim, navigate],
  );
  return { next, claiming: state.isLoading };
}
