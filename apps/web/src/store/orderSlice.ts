import type { FolderCounts, LIMIT_ALL, ListSortColumn, OrderListItem, ReportRange, SortOrder } from '@eta/shared';
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type AuthState, logout } from './authSlice.ts';
import { baseApi } from './baseApi.ts';
import { selectEntryOf } from './cacheEntry.ts';

/** An order list row as read (SPEC §3): the server's own type, so the two never drift apart. */
export type { OrderListItem };

/**
 * One page of one queue: the folder's list, or a search inside it when `search` is not blank. It is
 * the key of `ordersList` below, so it lives with the slice (the store imports no feature); the
 * queues feature's endpoint takes it.
 */
export interface QueueArgs {
  folderName: string;
  page: number;
  /** rows per page, or All (SPEC §9) */
  perPage: number | typeof LIMIT_ALL;
  sort: ListSortColumn;
  order: SortOrder;
  search: string;
  /** DESIGN §23: the queue's filters (query parameters of the list), none when empty */
  filters?: Readonly<Record<string, string>>;
  /** SPEC §6: lists are requested with the member's name (the server reads the token; DESIGN §5). */
  userName: string;
}

export interface SelectedRow {
  id: string;
  /** process_status as the list read it */
  status: string;
}

/**
 * SPEC §3 "Order state". Server data lives only in RTK Query's cache (`state.api`); this slice
 * keeps the UI facts, under SPEC's names, that say which cache entry each screen shows. Each SPEC
 * name is read through a memoised selector:
 *
 * | SPEC name             | `state.order` holds                      | read with                          |
 * | --------------------- | ---------------------------------------- | ---------------------------------- |
 * | ordersList            | `ordersList.args`: the queue page shown  | `selectOrdersList` (queues/selectors) |
 * | orderDetails          | `orderDetails.orderId`: the order open   | `selectOrderDetails` (order/selectors) |
 * | countryOrderDetails   | `countryOrderDetails.range`              | `selectCountryOrderDetails` (reports/selectors) |
 * | processedOrderDetails | `processedOrderDetails.range`            | `selectProcessedOrderDetails` (reports/selectors) |
 * | count                 | nothing: the signed-in member's counts   | `selectCount` (here)               |
 * | selectedData          | `selectedData`                           | `selectSelectedData` (here)        |
 * | showSideBar           | `showSideBar`                            | `selectShowSideBar` (here)         |
 * | loading, error        | nothing: read off the entries shown      | `selectLoading`, `selectError` (admin/orderSelectors) |
 *
 * The list, detail and report selectors sit with the features (each feature's `selectors.ts`)
 * because they need the screens' endpoints, which load with those screens: this file is in the
 * first load (sidebar, dashboard), and the store imports no feature.
 */
export interface OrderState {
  ordersList: { args: QueueArgs | null };
  orderDetails: { orderId: string | null };
  countryOrderDetails: { range: ReportRange | null };
  processedOrderDetails: { range: ReportRange | null };
  selectedData: SelectedRow[];
  showSideBar: boolean;
}

const initialState: OrderState = {
  ordersList: { args: null },
  orderDetails: { orderId: null },
  countryOrderDetails: { range: null },
  processedOrderDetails: { range: null },
  selectedData: [],
  showSideBar: false,
};

const orderSlice = createSlice({
  name: 'order',
  initialState,
  reducers: {
    /** The queue page whose reply is on screen (kept while the next page loads, as the table dims it). */
    showOrdersList: (state, action: PayloadAction<QueueArgs>) => {
      state.ordersList.args = action.payload;
    },
    // SPEC §2: every path change clears the loaded order list (and so the selection made on it). Each
    // folder's route is keyed, so leaving a path always unmounts the queue screen, which clears it.
    clearOrdersList: (state) => {
      state.ordersList.args = null;
      state.selectedData = [];
    },
    setSelectedData: (state, action: PayloadAction<SelectedRow[]>) => {
      state.selectedData = action.payload;
    },
    /** The order the detail screen shows (SPEC §3), null once it closes. */
    showOrderDetails: (state, action: PayloadAction<string | null>) => {
      state.orderDetails.orderId = action.payload;
    },
    /** The range whose report answer is on screen (set when that answer arrives). */
    showCountryOrderDetails: (state, action: PayloadAction<ReportRange>) => {
      state.countryOrderDetails.range = action.payload;
    },
    showProcessedOrderDetails: (state, action: PayloadAction<ReportRange>) => {
      state.processedOrderDetails.range = action.payload;
    },
    setShowSideBar: (state, action: PayloadAction<boolean>) => {
      state.showSideBar = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(logout, () => initialState);
  },
});

export const {
  showOrdersList,
  clearOrdersList,
  setSelectedData,
  showOrderDetails,
  showCountryOrderDetails,
  showProcessedOrderDetails,
  setShowSideBar,
} = orderSlice.actions;
export const orderReducer = orderSlice.reducer;

/**
 * The part of the store's state the selectors below read. The store (index.ts) is built from this
 * slice, so its RootState cannot be imported here without a cycle.
 */
type StoreState = { order: OrderState; auth: AuthState };

export const selectSelectedData = (state: StoreState) => state.order.selectedData;
export const selectShowSideBar = (state: StoreState) => state.order.showSideBar;

const NO_COUNTS: FolderCounts = {};

/** The sidebar asks for the counts under the signed-in member's name (SPEC §3 folder count request). */
export const selectCountEntry = selectEntryOf(
  baseApi.endpoints.getFolderCount,
  (state: StoreState) => state.auth.data?.user.name || null,
);

/** SPEC §3 `count`: the folder counts the server last gave the signed-in member (a refusal is an error and keeps them); none before that. */
export const selectCount = createSelector([selectCountEntry], (entry) => entry.data?.data ?? NO_COUNTS);
