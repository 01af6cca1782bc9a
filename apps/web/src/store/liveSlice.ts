import type { LiveOrderEvent, LivePresenceEvent, NotificationRecord } from '@eta/shared';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** An order change heard on the live stream, and when (ms, this browser's clock). */
export interface LiveChange extends LiveOrderEvent {
  at: number;
}

export interface LiveState {
  /** whether the stream is open now */
  open: boolean;
  /** bumped each time the stream opens again after a loss: screens then read what they show afresh */
  reconnects: number;
  /** the latest change of each order heard since sign-in (the most recent MAX_CHANGES) */
  changes: Record<string, LiveChange>;
  /** who has each order's detail open, as last heard */
  presence: Record<string, string[]>;
  /** the member's latest notification heard on the stream (DESIGN §23), and how many were heard */
  notified: { count: number; last: NotificationRecord | null };
}

/** enough for a day's changes on the queues a member looks at; older ones only mark rows no longer shown */
const MAX_CHANGES = 2_000;

const initialState: LiveState = {
  open: false,
  reconnects: 0,
  changes: {},
  presence: {},
  notified: { count: 0, last: null },
};

const liveSlice = createSlice({
  name: 'live',
  initialState,
  reducers: {
    liveOpened(state, action: PayloadAction<{ again: boolean }>) {
      state.open = true;
      if (action.payload.again) state.reconnects += 1;
    },
    liveClosed(state) {
      state.open = false;
    },
    liveOrderChanged(state, action: PayloadAction<LiveChange>) {
      const change = action.payload;
      delete state.changes[change.orderId];
      state.changes[change.orderId] = change;
      const ids = Object.keys(state.changes);
      // insertion order is arrival order: the oldest go first
      for (let i = 0; i < ids.length - MAX_CHANGES; i += 1) delete state.changes[ids[i] as string];
    },
    livePresence(state, action: PayloadAction<LivePresenceEvent>) {
      const { orderId, viewers } = action.payload;
      if (viewers.length === 0) delete state.presence[orderId];
      else state.presence[orderId] = viewers;
    },
    liveNotified(state, action: PayloadAction<NotificationRecord>) {
      state.notified = { count: state.notified.count + 1, last: action.payload };
    },
    liveReset: () => initialState,
  },
});

export const { liveOpened, liveClosed, liveOrderChanged, livePresence, liveNotified, liveReset } = liveSlice.actions;
export const liveReducer = liveSlice.reducer;

type StoreState = { live: LiveState };
export const selectLiveChanges = (state: StoreState) => state.live.changes;
export const selectLiveReconnects = (state: StoreState) => state.live.reconnects;
export const selectNotified = (state: StoreState) => state.live.notified;
export const selectViewers = (orderId: string) => (state: StoreState) => state.live.presence[orderId];
