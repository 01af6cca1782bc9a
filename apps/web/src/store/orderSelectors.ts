import {
  API_STATUS,
  type ApiEnvelope,
  type CountryReportRow,
  type OrderDetail,
  type OrderListItem,
  type ProcessedByReportRow,
} from '@eta/shared';
import { createSelector } from '@reduxjs/toolkit';
import { orderEndpoints } from '../admin/features/order/api.ts';
import { queueEndpoints } from '../admin/features/queues/api.ts';
import { reportEndpoints } from '../admin/features/reports/api.ts';
import { selectEntryOf } from './cacheEntry.ts';
import type { RootState } from './index.ts';

/**
 * SPEC §3's order state read from RTK Query's cache: each selector takes the entry the order slice
 * points at (orderSlice.ts lists how each SPEC name maps). Imported by the screens that show them
 * only, so these endpoints stay out of the first load.
 */
const NO_ROWS: never[] = [];
const rowsOf = <T>(envelope: ApiEnvelope<T[]> | undefined): T[] =>
  envelope?.status === API_STATUS.ok ? (envelope.data ?? NO_ROWS) : NO_ROWS;

const listEntry = selectEntryOf(queueEndpoints.getQueue, (state: RootState) => state.order.ordersList.args);
const detailEntry = selectEntryOf(
  orderEndpoints.getOrderDetail,
  (state: RootState) => state.order.orderDetails.orderId,
);
const countryEntry = selectEntryOf(
  reportEndpoints.getCountryOrderCount,
  (state: RootState) => state.order.countryOrderDetails.range,
);
const processedEntry = selectEntryOf(
  reportEndpoints.getProcessedByCount,
  (state: RootState) => state.order.processedOrderDetails.range,
);

/** The list reply on screen, envelope and all (its `total` pages the table). */
export const selectOrdersListReply = createSelector([listEntry], (entry) => entry.data);
/** SPEC §3 `ordersList`: the rows of the queue page on screen; none before its reply or on a refusal. */
export const selectOrdersList = createSelector([selectOrdersListReply], (reply): OrderListItem[] => rowsOf(reply));

/** The detail reply of the order open (a refusal's message says why there is no order). */
export const selectOrderDetailsReply = createSelector([detailEntry], (entry) => entry.data);
/** SPEC §3 `orderDetails`: the order open, or null before its reply, on a refusal and once it closes. */
export const selectOrderDetails = createSelector([selectOrderDetailsReply], (reply): OrderDetail | null =>
  reply?.status === API_STATUS.ok && reply.data ? reply.data : null,
);
/** The order id the detail screen shows, so it can wait for its own entry rather than read another. */
export const selectShownOrderId = (state: RootState) => state.order.orderDetails.orderId;

/** SPEC §3 `countryOrderDetails`: the rows of the country report on screen. */
export const selectCountryOrderDetails = createSelector([countryEntry], (entry): CountryReportRow[] =>
  rowsOf(entry.data),
);
/** SPEC §3 `processedOrderDetails`: the rows of the processed-by report on screen. */
export const selectProcessedOrderDetails = createSelector([processedEntry], (entry): ProcessedByReportRow[] =>
  rowsOf(entry.data),
);

/** SPEC §3 `loading`: a request for something on screen is under way (RTK Query's `pending`). */
export const selectLoading = createSelector([listEntry, detailEntry, countryEntry, processedEntry], (...entries) =>
  entries.some((entry) => entry.isLoading),
);

/** SPEC §3 `error`: the message of a refusal on screen (a 401 is the sign-out's, not the screen's). */
export const selectError = createSelector([listEntry, detailEntry, countryEntry, processedEntry], (...entries) => {
  for (const { data } of entries) {
    if (data && data.status !== API_STATUS.ok && data.status !== API_STATUS.unauthorized) return data.message;
  }
  return null;
});
