import type { CountryReportRow, ProcessedByReportRow } from '@eta/shared';
import { createSelector } from '@reduxjs/toolkit';
import { rowsOf, selectEntryOf } from '../../../store/cacheEntry.ts';
import type { RootState } from '../../../store/index.ts';
import { reportEndpoints } from './api.ts';

/**
 * SPEC §3's `countryOrderDetails` and `processedOrderDetails` read from RTK Query's cache
 * (store/orderSlice.ts lists how each SPEC name maps), beside the endpoints that load with the reports.
 */
export const selectCountryEntry = selectEntryOf(
  reportEndpoints.getCountryOrderCount,
  (state: RootState) => state.order.countryOrderDetails.range,
);
export const selectProcessedEntry = selectEntryOf(
  reportEndpoints.getProcessedByCount,
  (state: RootState) => state.order.processedOrderDetails.range,
);

/** SPEC §3 `countryOrderDetails`: the rows of the country report on screen. */
export const selectCountryOrderDetails = createSelector([selectCountryEntry], (entry): CountryReportRow[] =>
  rowsOf(entry.error ? undefined : entry.data),
);
/** SPEC §3 `processedOrderDetails`: the rows of the processed-by report on screen. */
export const selectProcessedOrderDetails = createSelector([selectProcessedEntry], (entry): ProcessedByReportRow[] =>
  rowsOf(entry.error ? undefined : entry.data),
);
