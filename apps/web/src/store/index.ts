import { configureStore } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import { clearSession } from '../lib/session.ts';
import { authReducer, logout } from './authSlice.ts';
import { baseApi } from './baseApi.ts';
import { liveReducer, liveReset } from './liveSlice.ts';
import { orderReducer } from './orderSlice.ts';

export const store = configureStore({
  reducer: {
    auth: authReducer,
    order: orderReducer,
    live: liveReducer,
    [baseApi.reducerPath]: baseApi.reducer,
  },
  middleware: (getDefault) => getDefault().concat(baseApi.middleware),
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;

/**
 * Ends the session everywhere: storage, auth state, and cached server data, so the next person
 * to sign in on this browser never sees the previous member's lists.
 */
export function signOut(): void {
  clearSession();
  store.dispatch(logout());
  store.dispatch(liveReset());
  store.dispatch(baseApi.util.resetApiState());
}

export const selectUser = (state: RootState) => state.auth.data?.user ?? null;
