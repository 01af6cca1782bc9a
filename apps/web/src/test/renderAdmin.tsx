import { cleanup, configure, render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ToastContainer, toast } from 'react-toastify';
import { afterEach, expect, vi } from 'vitest';
import { routes } from '../admin/routes.tsx';
import { endSessionOnUnauthorized } from '../admin/shell/endSession.ts';
import { login } from '../store/authSlice.ts';
import { signOut, store } from '../store/index.ts';
import type { FakeServer } from './fakeServer.ts';

// Pages load as lazy chunks, compiled on first use here: give them room (an upper bound, never timed).
// Text queries skip the shell's live announcer: it repeats what is on screen for screen readers, and
// tests that read it do so by its id.
configure({ asyncUtilTimeout: 10_000, defaultIgnore: 'script, style, #live-announcer' });

let disposeRouter = () => {};

/** Each test starts signed out with an empty cache, as a fresh browser would. */
afterEach(() => {
  cleanup();
  disposeRouter();
  toast.dismiss();
  signOut();
  vi.unstubAllGlobals();
});

/** Puts the fake server behind `fetch` and signs its member in through the real sign-in call. */
export async function signInWith(server: FakeServer): Promise<void> {
  server.serve();
  await store.dispatch(login({ email: 'member@example.test', password: 'secret' }));
  if (!store.getState().auth.isAuth) throw new Error('the fake server did not sign the member in');
}

/**
 * The admin app at `path`: the real routes, store and 401 handling. A browser router on jsdom's
 * history, as in the app: screens compare the router's path with `window.location` (useQueueParams).
 */
export function renderAdmin(path: string) {
  window.history.replaceState(null, '', path);
  const router = createBrowserRouter(routes);
  disposeRouter = () => router.dispose();
  endSessionOnUnauthorized(router);
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <ToastContainer />
    </Provider>,
  );
  return { ...view, router };
}

/**
 * Waits until the server's answer about the installation's features is in the store: what a screen
 * hides for a part that is off proves nothing before (it hides the same while the answer is awaited).
 */
export const featuresKnown = () =>
  waitFor(() => expect(store.getState().api.queries['features(undefined)']?.status).toBe('fulfilled'));
