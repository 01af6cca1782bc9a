import type { OrderListItem } from '@eta/shared';
import { createSelector } from '@reduxjs/toolkit';
import { shownRefusal } from '../../../lib/apiError.ts';
import { rowsOf, selectEntryOf } from '../../../store/cacheEntry.ts';
import type { RootState } from '../../../store/index.ts';
import { queueEndpoints } from './api.ts';

/**
 * SPEC §3's `ordersList` read from RTK Query's cache (store/orderSlice.ts lists how each SPEC name
 * maps). It sits with the queue's endpoint, which loads with the queue screen, not in the store.
 */
export const selectOrdersListEntry = selectEntryOf(
  queueEndpoints.getQueue,
  (state: RootState) => state.order.ordersList.args,
);

/** The list reply on screen, envelope and all (its `total` pages the table); none on a refusal. */
export const selectOrdersListReply = createSelector([selectOrdersListEntry], (entry) =>
  entry.error ? undefined : entry.data,
);
/** The message of the list's refusal on screen, if any (none for a 401: the sign-out's). */
export const selectOrdersListRefusal = createSelector([selectOrdersListEntry], (entry) => shownRefusal(entry.error));
/** SPEC §3 `ordersList`: the rows of the queue page on screen; none before its reply or on a refusal. */
export const selectOrdersList = createSelector([selectOrdersListReply], (reply): OrderListItem[] => rowsOf(reply));
