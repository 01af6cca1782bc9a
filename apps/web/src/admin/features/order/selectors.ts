import type { OrderDetail } from '@eta/shared';
import { createSelector } from '@reduxjs/toolkit';
import { selectEntryOf } from '../../../store/cacheEntry.ts';
import type { RootState } from '../../../store/index.ts';
import { orderEndpoints } from './api.ts';

/**
 * SPEC §3's `orderDetails` read from RTK Query's cache (store/orderSlice.ts lists how each SPEC name
 * maps). It sits with the detail's endpoint, which loads with the detail screen, not in the store.
 */
export const selectOrderDetailsEntry = selectEntryOf(
  orderEndpoints.getOrderDetail,
  (state: RootState) => state.order.orderDetails.orderId,
);

/** The detail reply of the order open; none on a refusal (RTK Query keeps an older success beside it). */
export const selectOrderDetailsReply = createSelector([selectOrderDetailsEntry], (entry) =>
  entry.error ? undefined : entry.data,
);
/** The refusal of the order open, if any: its message says why there is no order. */
export const selectOrderDetailsRefusal = createSelector([selectOrderDetailsEntry], (entry) => entry.error);
/** SPEC §3 `orderDetails`: the order open, or null before its reply, on a refusal and once it closes. */
export const selectOrderDetails = createSelector([selectOrderDetailsReply], (reply): OrderDetail | null =>
  reply?.data ? reply.data : null,
);
/** The order id the detail screen shows, so it can wait for its own entry rather than read another. */
export const selectShownOrderId = (state: RootState) => state.order.orderDetails.orderId;
