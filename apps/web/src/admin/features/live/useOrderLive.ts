import { LIVE, LIVE_API, MAIL_OUTCOME_EVENTS } from '@eta/shared';
import { useEffect, useMemo } from 'react';
import { fetchEndpoint } from '../../../lib/api.ts';
import { refused } from '../../../lib/apiError.ts';
import { pathOf } from '../../../lib/endpoint.ts';
import { readToken } from '../../../lib/session.ts';
import { useAppDispatch, useAppSelector } from '../../../store/index.ts';
import { type LiveChange, livePresence, selectLiveChanges, selectViewers } from '../../../store/liveSlice.ts';

export interface OrderLive {
  /** "Also viewing" names, the member's own left out */
  others: string[];
  /** a change someone else made since the detail was read, or null */
  changedBy: LiveChange | null;
  /** a mail of the order sent, failed or retried by the worker since the detail was read: read it again */
  mailSettled: LiveChange | null;
}

/**
 * An open order detail, live (DESIGN §18): says "I am here" every 20 s (and "gone" when closed), and
 * tells who else has it open and whether someone else changed it since it was read.
 */
export function useOrderLive(orderId: string, readAt: number | undefined, me: string): OrderLive {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let closed = false;
    const beat = async (viewing: boolean) => {
      // a refused beat says nothing (the next one comes in 20 s)
      const reply = await fetchEndpoint(LIVE_API.presence, { params: { orderId }, body: { viewing } }).catch(refused);
      // the stream may be down: the reply says who is here as well
      if (!closed && viewing && reply?.data) dispatch(livePresence({ orderId, ...reply.data }));
    };
    void beat(true);
    const timer = setInterval(() => void beat(true), LIVE.presenceBeatMs);
    // The tab closes or the page is left: React's clean-up does not run then, so the leave goes as a
    // keepalive request, which the browser finishes after the page is gone.
    const leaveOnHide = () => {
      const token = readToken();
      if (!token) return;
      void fetch(`/api${pathOf(LIVE_API.presence, { orderId })}`, {
        method: 'POST',
        keepalive: true,
        headers: { Authorization: token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ viewing: false }),
      }).catch(() => {});
    };
    window.addEventListener('pagehide', leaveOnHide);
    return () => {
      closed = true;
      clearInterval(timer);
      window.removeEventListener('pagehide', leaveOnHide);
      // signed out meanwhile: the row times out by itself
      if (readToken()) void beat(false);
    };
  }, [orderId, dispatch]);

  const viewers = useAppSelector(selectViewers(orderId));
  const change = useAppSelector(selectLiveChanges)[orderId];
  return useMemo(() => {
    const since = change && readAt !== undefined && change.at > readAt ? change : null;
    const mail = since !== null && since.by === null && MAIL_OUTCOME_EVENTS.has(since.kind);
    return {
      others: (viewers ?? []).filter((name) => name !== me),
      changedBy: since && !mail && since.by !== me ? since : null,
      mailSettled: mail ? since : null,
    };
  }, [viewers, change, readAt, me]);
}
