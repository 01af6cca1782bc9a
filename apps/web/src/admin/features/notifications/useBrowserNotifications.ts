import { ADMIN_ROUTE, DISPUTES_API, encodeOrderRef, notificationTitle, RESPONSE_DUE_STATE, STATUS } from '@eta/shared';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';
import { selectUser, useAppSelector } from '../../../store/index.ts';
import { selectLiveChanges, selectNotified } from '../../../store/liveSlice.ts';
import { showBrowserNotification, useBrowserPrefs } from './browserPrefs.ts';
import { NOTIFICATIONS_TEXT } from './texts.ts';

/** Disputes are looked at this often for the "due within 3 days" notification. */
const DISPUTES_EVERY_MS = 15 * 60_000;
const DUE_WITHIN_MS = 3 * 86_400_000;
/** disputes already told of in this browser, so each is told once */
const TOLD_DISPUTES_KEY = 'eta.browserNotifications.disputesTold';

const dueApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDisputesDueSoon: build.query<ReplyOf<typeof DISPUTES_API.list>, string>({
      query: (dueBefore) =>
        requestOf(DISPUTES_API.list, { query: { state: RESPONSE_DUE_STATE, dueBefore, limit: 100 } }),
    }),
  }),
});

function toldDisputes(): Set<number> {
  try {
    return new Set(JSON.parse(localStorage.getItem(TOLD_DISPUTES_KEY) ?? '[]') as number[]);
  } catch {
    return new Set();
  }
}

/** In front: the bell and the queues already say it. */
const inFront = () => document.visibilityState === 'visible' && document.hasFocus();

/** The hour, so the query's argument (and its cache entry) changes at most once an hour. */
const dueBeforeNow = () => new Date(Math.ceil((Date.now() + DUE_WITHIN_MS) / 3_600_000) * 3_600_000).toISOString();

/**
 * Browser notifications the member opted in to on the Account page (DESIGN §23): a mention (from the
 * live stream), a new priority order (a `created` change heard live, in Priority Processing) and a
 * dispute due within 3 days (looked at every 15 minutes, each told once, in front or not: nothing else
 * calls it out). Mentions and priority orders are shown only while the page is not in front.
 */
export function useBrowserNotifications(): void {
  const navigate = useNavigate();
  const member = useAppSelector(selectUser)?.email ?? '';
  const prefs = useBrowserPrefs(member);
  const notified = useAppSelector(selectNotified);
  const changes = useAppSelector(selectLiveChanges);
  const since = useRef(Date.now());
  const open = useCallback(
    (orderId: string) => void navigate(`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(orderId)}`),
    [navigate],
  );

  const last = notified.last;
  useEffect(() => {
    if (!last || !prefs.mentions || inFront()) return;
    showBrowserNotification(notificationTitle(last), last.text, `notification-${last.id}`, () => open(last.order_id));
  }, [last, prefs.mentions, open]);

  useEffect(() => {
    const from = since.current;
    since.current = Date.now();
    if (!prefs.priority || inFront()) return;
    for (const change of Object.values(changes)) {
      if (change.at <= from || change.kind !== 'created' || change.status !== STATUS.Priority) continue;
      showBrowserNotification(NOTIFICATIONS_TEXT.priorityTitle(change.orderId), '', `priority-${change.orderId}`, () =>
        open(change.orderId),
      );
    }
  }, [changes, prefs.priority, open]);

  const due = dueApi.useGetDisputesDueSoonQuery(dueBeforeNow(), {
    skip: !prefs.disputes,
    pollingInterval: DISPUTES_EVERY_MS,
  });
  const disputes = due.error ? undefined : due.data?.data;
  useEffect(() => {
    if (!disputes || !prefs.disputes) return;
    const told = toldDisputes();
    for (const dispute of disputes) {
      if (told.has(dispute.id)) continue;
      told.add(dispute.id);
      showBrowserNotification(
        NOTIFICATIONS_TEXT.disputeTitle(dispute.order_id),
        NOTIFICATIONS_TEXT.disputeBody(dispute.days_left),
        `dispute-${dispute.id}`,
        () => (dispute.order_id ? open(dispute.order_id) : void navigate(ADMIN_ROUTE.disputes)),
      );
    }
    try {
      localStorage.setItem(TOLD_DISPUTES_KEY, JSON.stringify([...told].slice(-500)));
    } catch {
      // storage refused: they may be told again after a reload
    }
  }, [disputes, prefs.disputes, open, navigate]);
}
