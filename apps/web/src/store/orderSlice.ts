import {
  API_STATUS,
  type CountryReportRow,
  type FolderCounts,
  type OrderListItem,
  type ProcessedByReportRow,
} from '@eta/shared';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { logout } from './authSlice.ts';
import { baseApi } from './baseApi.ts';

/** An order list row as read (SPEC §3): the server's own type, so the two never drift apart. */
export type { OrderListItem };

export interface SelectedRow {
  id: string;
  /** process_status as the list read it */
  status: string;
}

/** SPEC §3 order state, field for field. */
export interface OrderState {
  ordersList: OrderListItem[];
  orderDetails: Record<string, unknown> | null;
  countryOrderDetails: CountryReportRow[];
  processedOrderDetails: ProcessedByReportRow[];
  count: FolderCounts;
  selectedData: SelectedRow[];
  showSideBar: boolean;
  loading: boolean;
  error: string | null;
}

const initialState: OrderState = {
  ordersList: [],
  orderDetails: null,
  countryOrderDetails: [],
  processedOrderDetails: [],
  count: {},
  selectedData: [],
  showSideBar: false,
  loading: false,
  error: null,
};

const orderSlice = createSlice({
  name: 'order',
  initialState,
  reducers: {
    // SPEC §2: every path change clears the loaded order list (and so the selection made on it).
    clearOrdersList: (state) => {
      state.ordersList = [];
      state.selectedData = [];
    },
    setOrdersList: (state, action: PayloadAction<OrderListItem[]>) => {
      state.ordersList = action.payload;
    },
    setSelectedData: (state, action: PayloadAction<SelectedRow[]>) => {
      state.selectedData = action.payload;
    },
    setCountryOrderDetails: (state, action: PayloadAction<CountryReportRow[]>) => {
      state.countryOrderDetails = action.payload;
    },
    setProcessedOrderDetails: (state, action: PayloadAction<ProcessedByReportRow[]>) => {
      state.processedOrderDetails = action.payload;
    },
    // The order detail screen keeps the order it shows here (SPEC §3), and clears it on leaving.
    setOrderDetails: (state, action: PayloadAction<Record<string, unknown> | null>) => {
      state.orderDetails = action.payload;
    },
    setShowSideBar: (state, action: PayloadAction<boolean>) => {
      state.showSideBar = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(logout, () => initialState)
      .addMatcher(baseApi.endpoints.getFolderCount.matchFulfilled, (state, { payload }) => {
        if (payload.status === API_STATUS.ok && payload.data) state.count = payload.data;
      });
  },
});

export const {
  clearOrdersList,
  setOrdersList,
  setSelectedData,
  setShowSideBar,
  setOrderDetails,
  setCountryOrderDetails,
  setProcessedOrderDetails,
} = orderSlice.actions;
export const orderReducer = orderSlice.reducer;
