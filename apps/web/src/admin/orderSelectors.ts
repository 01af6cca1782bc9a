import { createSelector } from '@reduxjs/toolkit';
import { shownRefusal } from '../lib/apiError.ts';
import { selectOrderDetailsEntry } from './features/order/index.ts';
import { selectOrdersListEntry } from './features/queues/index.ts';
import { selectCountryEntry, selectProcessedEntry } from './features/reports/index.ts';

/**
 * SPEC §3 `loading` and `error` span every order entry on screen, so they are read above the
 * features whose endpoints hold them (the store imports no feature; each feature keeps its own
 * selectors: queues, order and reports `selectors.ts`). Nothing on screen reads them today; they
 * keep SPEC's names whole.
 */

/** SPEC §3 `loading`: a request for something on screen is under way (RTK Query's `pending`). */
export const selectLoading = createSelector(
  [selectOrdersListEntry, selectOrderDetailsEntry, selectCountryEntry, selectProcessedEntry],
  (...entries) => entries.some((entry) => entry.isLoading),
);

/** SPEC §3 `error`: the message of a refusal on screen (a 401 is the sign-out's, not the screen's). */
export const selectError = createSelector(
  [selectOrdersListEntry, selectOrderDetailsEntry, selectCountryEntry, selectProcessedEntry],
  (...entries) => {
    for (const { error } of entries) {
      const message = shownRefusal(error);
      if (message !== null) return message;
    }
    return null;
  },
);
