import { API_STATUS, ORDERS_API, TEAM_API } from '@eta/shared';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '../lib/apiError.ts';
import { requestOf } from '../lib/endpoint.ts';
import { WEB_TEXT } from '../lib/texts.ts';
import { staffServer } from '../test/fakeServer.ts';
import { TEAM_MEMBER } from '../test/fixtures.ts';
import { signInWith } from '../test/renderAdmin.tsx';
import { baseApi } from './baseApi.ts';
import { store } from './index.ts';

/** Two mutations over one real route: one told by toast (the default), one its screen shows inline. */
const probe = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probeRemove: build.mutation<unknown, void>({
      query: () => requestOf(TEAM_API.remove, { body: { teamMemberId: 'abc' } }),
    }),
    probeRemoveInline: build.mutation<unknown, void>({
      query: () => requestOf(TEAM_API.remove, { body: { teamMemberId: 'abc' } }),
      extraOptions: { inline: true },
    }),
  }),
});

afterEach(() => vi.restoreAllMocks());

/**
 * Issue 32: a refusal is RTK Query's error (never `data`), a typed `ApiError`, and the base query is
 * the one place a refused mutation is toasted (unless its screen shows it inline, or the 401 handler
 * already said it).
 */
describe('refusals through the base query', () => {
  it('a refused query is an error with its status, HTTP status, message and data, and no toast', async () => {
    const server = staffServer(TEAM_MEMBER);
    await signInWith(server);
    const errors = vi.spyOn(toast, 'error');
    const refusal = { status: API_STATUS.fail, message: 'Not allowed.', data: { why: 'x' } };
    server.on(ORDERS_API.folderCounts, { http: 403, envelope: refusal });
    const result = await store.dispatch(baseApi.endpoints.getFolderCount.initiate(TEAM_MEMBER.name));
    expect(result.data).toBeUndefined();
    expect(result.error).toEqual({
      kind: 'refused',
      status: 0,
      httpStatus: 403,
      message: 'Not allowed.',
      data: { why: 'x' },
    });
    expect(errors).not.toHaveBeenCalled();
  });

  it('status 0 under HTTP 200 is a refusal too: unwrap() rejects, and the base query toasts it once', async () => {
    const server = staffServer(TEAM_MEMBER);
    await signInWith(server);
    server.on(TEAM_API.remove, { status: API_STATUS.fail, message: 'Team member not found.' });
    const errors = vi.spyOn(toast, 'error');
    const caught = await store
      .dispatch(probe.endpoints.probeRemove.initiate())
      .unwrap()
      .catch((error: unknown) => error);
    expect(isApiError(caught) && caught.kind === 'refused' && caught.httpStatus === 200).toBe(true);
    expect(errors.mock.calls).toEqual([['Team member not found.']]);
  });

  it('no reply is the network kind with the network text (a kind, never a message compared)', async () => {
    await signInWith(staffServer(TEAM_MEMBER));
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const errors = vi.spyOn(toast, 'error');
    const result = await store.dispatch(probe.endpoints.probeRemove.initiate());
    expect('error' in result && result.error).toMatchObject({
      kind: 'network',
      httpStatus: 0,
      message: WEB_TEXT.networkError,
    });
    expect(errors.mock.calls).toEqual([[WEB_TEXT.networkError]]);
  });

  it('an inline endpoint is not toasted (its screen shows it), nor a 401 (the sign-out said it)', async () => {
    const server = staffServer(TEAM_MEMBER);
    await signInWith(server);
    server.on(TEAM_API.remove, { http: 400, envelope: { status: API_STATUS.fail, message: 'Wrong.' } });
    const errors = vi.spyOn(toast, 'error');
    const inline = await store.dispatch(probe.endpoints.probeRemoveInline.initiate());
    expect('error' in inline && inline.error).toMatchObject({ kind: 'refused', httpStatus: 400, message: 'Wrong.' });
    expect(errors).not.toHaveBeenCalled();

    server.on(TEAM_API.remove, { http: 401, envelope: { status: API_STATUS.unauthorized, message: 'Session ended.' } });
    const lost = await store.dispatch(probe.endpoints.probeRemove.initiate());
    expect('error' in lost && lost.error).toMatchObject({ status: API_STATUS.unauthorized, httpStatus: 401 });
    expect(errors).not.toHaveBeenCalled();
  });
});
