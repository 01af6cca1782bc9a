import { API_STATUS, ORDERS_API } from '@eta/shared';
import { describe, expect, it } from 'vitest';
import { staffServer } from '../test/fakeServer.ts';
import { TEAM_MEMBER } from '../test/fixtures.ts';
import { signInWith } from '../test/renderAdmin.tsx';
import { baseApi } from './baseApi.ts';
import { store } from './index.ts';
import { selectCount } from './orderSlice.ts';

/** SPEC §3 `count` over RTK Query's cache: what the sidebar badges and the dashboard tiles show. */
describe('folder counts in the store', () => {
  /** The sidebar's refresh: it reads nothing from the call itself, only the store afterwards. */
  const refresh = () =>
    store.dispatch(baseApi.endpoints.getFolderCount.initiate(TEAM_MEMBER.name, { forceRefetch: true }));

  it('keeps the last counts the server gave when a refresh fails, and takes the next good ones', async () => {
    const server = staffServer(TEAM_MEMBER, { newOrdersCount: 7 });
    await signInWith(server);
    await refresh();
    expect(selectCount(store.getState())).toEqual({ newOrdersCount: 7 });

    server.on(ORDERS_API.folderCounts, { http: 500, envelope: { status: API_STATUS.fail, message: 'Server error' } });
    await refresh();
    expect(selectCount(store.getState())).toEqual({ newOrdersCount: 7 });

    server.on(ORDERS_API.folderCounts, { status: API_STATUS.ok, message: 'Folder count', data: { newOrdersCount: 8 } });
    await refresh();
    expect(selectCount(store.getState())).toEqual({ newOrdersCount: 8 });
  });
});
