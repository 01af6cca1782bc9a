import {
  ADMIN_ROUTE,
  API_STATUS,
  CLAIM_MSG,
  CLAIMS_API,
  encodeOrderRef,
  FOLDERS,
  folderRoute,
  MSG,
  ORDERS_API,
} from '@eta/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { filled, staffServer } from '../../../test/fakeServer.ts';
import { listItem, TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';

/** DESIGN §18 "Next order" on the queue screens, against a fake server. */
const folder = (name: string) => FOLDERS.find((f) => f.name === name)!;
const listOf = (name: string) => ({
  endpoint: filled(ORDERS_API.list, { orderName: name }),
  reply: { status: API_STATUS.ok, message: 'Order list', data: [listItem({ order_id: 'UKETA-000001' })], total: 1 },
});

describe('Next order', () => {
  it('claims the oldest free order of the folder and opens it', async () => {
    const user = userEvent.setup();
    const priority = listOf('priorityOrder');
    const server = staffServer(TEAM_MEMBER)
      .on(priority.endpoint, priority.reply)
      .on(CLAIMS_API.nextOrder, {
        status: API_STATUS.ok,
        message: MSG.orderAssigned,
        data: { orderId: 'UKETA-7QX2PA' },
      });
    await signInWith(server);
    const { router } = renderAdmin(folderRoute(folder('priorityOrder').path));
    await screen.findByText('UKETA-000001');

    await user.click(screen.getByRole('button', { name: CLAIM_MSG.nextOrderButton }));
    expect(await screen.findByText(MSG.orderAssigned)).toBeTruthy();
    expect(server.calls(CLAIMS_API.nextOrder).map((r) => r.body)).toEqual([{ folder: 'priorityOrder' }]);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef('UKETA-7QX2PA')}`),
    );
  });

  it('offers the most urgent order across the folders from its menu (DESIGN §23)', async () => {
    const user = userEvent.setup();
    const fresh = listOf('newOrder');
    const server = staffServer(TEAM_MEMBER)
      .on(fresh.endpoint, fresh.reply)
      .on(CLAIMS_API.nextOrder, {
        status: API_STATUS.ok,
        message: MSG.orderAssigned,
        data: { orderId: 'UKETA-7QX2PB' },
      });
    await signInWith(server);
    const { router } = renderAdmin(folderRoute(folder('newOrder').path));
    await screen.findByText('UKETA-000001');

    await user.click(screen.getByRole('button', { name: 'Choose which order comes next' }));
    await user.click(await screen.findByRole('button', { name: CLAIM_MSG.nextUrgentChoice }));
    expect(server.calls(CLAIMS_API.nextOrder).map((r) => r.body)).toEqual([{ folder: 'urgent' }]);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef('UKETA-7QX2PB')}`),
    );
  });

  it('says so when no order is free, and stays on the queue', async () => {
    const user = userEvent.setup();
    const fresh = listOf('newOrder');
    const server = staffServer(TEAM_MEMBER)
      .on(fresh.endpoint, fresh.reply)
      .on(CLAIMS_API.nextOrder, { http: 404, envelope: { status: API_STATUS.fail, message: CLAIM_MSG.noFreeOrders } });
    await signInWith(server);
    const { router } = renderAdmin(folderRoute(folder('newOrder').path));
    await screen.findByText('UKETA-000001');

    await user.click(screen.getByRole('button', { name: CLAIM_MSG.nextOrderButton }));
    expect(await screen.findByText(CLAIM_MSG.noFreeOrders)).toBeTruthy();
    expect(router.state.location.pathname).toBe(folderRoute(folder('newOrder').path));
  });

  it('is offered only on New, Priority and Process 5th March', async () => {
    const pending = listOf('pendingorder');
    const server = staffServer(TEAM_MEMBER).on(pending.endpoint, pending.reply);
    await signInWith(server);
    renderAdmin(folderRoute(folder('pendingorder').path));
    await screen.findByText('UKETA-000001');
    expect(screen.queryByRole('button', { name: CLAIM_MSG.nextOrderButton })).toBeNull();
  });
});
