import {
  ADMIN_ROUTE,
  API_STATUS,
  type AssignResult,
  encodeOrderRef,
  FOLDERS,
  folderRoute,
  MSG,
  ORDERS_API,
  type OrderListItem,
  REFUND_STATE_LABEL,
  STATUS,
} from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { store } from '../../../store/index.ts';
import { selectCount } from '../../../store/orderSlice.ts';
import { type FakeServer, filled, type SeenRequest, staffServer } from '../../../test/fakeServer.ts';
import { listItem, TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';
import { selectOrdersList } from './selectors.ts';

/** The New Orders queue screen, rendered whole (shell, store, router) against a fake server. */
const NEW_ORDERS = FOLDERS.find((folder) => folder.name === 'newOrder')!;
const LIST = filled(ORDERS_API.list, { orderName: NEW_ORDERS.name });
const orderId = (n: number) => `UKETA-${String(n).padStart(6, '0')}`;

/** A queue of `total` orders that pages as the server does (`page`, `limit` or `all`). */
function servePages(server: FakeServer, orders: OrderListItem[]) {
  server.on(LIST, (request) => {
    const limit = request.query.get('limit');
    const size = limit === 'all' ? orders.length : Number(limit);
    const start = (Number(request.query.get('page')) - 1) * size;
    return {
      status: API_STATUS.ok,
      message: 'Order list',
      data: orders.slice(start, start + size),
      total: orders.length,
    };
  });
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const lastList = (server: FakeServer): SeenRequest => server.calls(LIST).at(-1)!;

describe('queue screen', () => {
  it("renders the list reply's rows, asking for the folder's first page as SPEC §9 says", async () => {
    const server = staffServer(TEAM_MEMBER, { newOrdersCount: 2 });
    servePages(server, [listItem({ order_id: orderId(1) }), listItem({ order_id: orderId(2), first_name: 'Bruno' })]);
    await signInWith(server);
    renderAdmin(folderRoute(NEW_ORDERS.path));

    expect(await screen.findByText(orderId(2))).toBeTruthy();
    expect(bodyRows()).toHaveLength(2);
    expect(within(bodyRows()[1]!).getByText('Bruno Traveller')).toBeTruthy();
    expect(screen.getByTestId('queue-range').textContent).toBe('Showing 1 to 2 of 2');
    expect(Object.fromEntries(lastList(server).query)).toEqual({
      page: '1',
      limit: '10',
      sort: 'created_at',
      order: 'desc',
      delay: '1',
      userName: TEAM_MEMBER.name,
    });
    expect(server.unanswered).toEqual([]);
    // SPEC §3's names read the same replies from the cache: the rows on screen, and the counts the
    // sidebar shows next to the folder.
    expect(selectOrdersList(store.getState()).map((order) => order.order_id)).toEqual([orderId(1), orderId(2)]);
    expect(selectCount(store.getState()).newOrdersCount).toBe(2);
    const sidebarItem = screen.getByRole('link', { name: new RegExp(`^${NEW_ORDERS.label}`) });
    expect(sidebarItem.textContent).toBe(`${NEW_ORDERS.label}2`);
  });

  it("shows each order's latest refund through Stripe beside its status, from the list reply (DESIGN §26)", async () => {
    const server = staffServer(TEAM_MEMBER, { newOrdersCount: 2 });
    servePages(server, [
      listItem({ order_id: orderId(1), refund_state: 'failed' }),
      listItem({ order_id: orderId(2) }),
    ]);
    await signInWith(server);
    renderAdmin(folderRoute(NEW_ORDERS.path));
    expect(await screen.findByText(orderId(2))).toBeTruthy();
    expect(within(bodyRows()[0]!).getByTestId('refund-state').textContent).toBe(REFUND_STATE_LABEL.failed);
    expect(within(bodyRows()[1]!).queryByTestId('refund-state')).toBeNull();
  });

  it('asks for page 2 when it is clicked, and for every order with All', async () => {
    const user = userEvent.setup();
    const server = staffServer(TEAM_MEMBER);
    servePages(
      server,
      Array.from({ length: 25 }, (_, i) => listItem({ order_id: orderId(i + 1) })),
    );
    await signInWith(server);
    renderAdmin(folderRoute(NEW_ORDERS.path));
    await screen.findByText(orderId(10));

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText(orderId(11))).toBeTruthy();
    expect(screen.queryByText(orderId(10))).toBeNull();
    expect(lastList(server).query.get('page')).toBe('2');
    expect(screen.getByTestId('queue-range').textContent).toBe('Showing 11 to 20 of 25');

    await user.selectOptions(screen.getByLabelText('Rows per page'), 'All');
    expect(await screen.findByText(orderId(25))).toBeTruthy();
    expect(bodyRows()).toHaveLength(25);
    expect(lastList(server).query.get('limit')).toBe('all');
    expect(lastList(server).query.get('page')).toBe('1');
  });

  it('assigns the selected order to me: sends it, says so, and reads the list and counts again', async () => {
    const user = userEvent.setup();
    const server = staffServer(TEAM_MEMBER);
    const orders = [listItem({ order_id: orderId(1) }), listItem({ order_id: orderId(2) })];
    servePages(server, orders);
    server.on(ORDERS_API.assign, (request) => {
      const ids = (request.body as { orderId: string[] }).orderId;
      for (const order of orders.filter((o) => ids.includes(o.order_id))) {
        Object.assign(order, { assign_to: TEAM_MEMBER.name, assigned_to_me: true });
      }
      const data: AssignResult = { assigned: ids, conflicts: [], notFound: [] };
      return { status: API_STATUS.ok, message: MSG.orderAssigned, data };
    });
    await signInWith(server);
    renderAdmin(folderRoute(NEW_ORDERS.path));
    await screen.findByText(orderId(2));
    const listsBefore = server.calls(LIST).length;
    const countsBefore = server.calls(ORDERS_API.folderCounts).length;

    await user.click(screen.getByLabelText(`${WEB_TEXT.selectRow} ${orderId(2)}`));
    expect(screen.getByText('1 selected')).toBeTruthy();
    // the count is read out through the shell's live region (DESIGN §24)
    await waitFor(() => expect(document.getElementById('live-announcer')?.textContent).toBe('1 selected'));
    await user.click(screen.getByRole('button', { name: 'Assign to me' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.confirmAssign)).toBeTruthy();
    expect(within(dialog).getByText(`Assign order ${orderId(2)} to you.`)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText(MSG.orderAssigned)).toBeTruthy();
    expect(server.calls(ORDERS_API.assign).map((r) => r.body)).toEqual([
      { orderId: [orderId(2)], assignto: TEAM_MEMBER.name },
    ]);
    await waitFor(() => expect(server.calls(LIST).length).toBeGreaterThan(listsBefore));
    await waitFor(() => expect(server.calls(ORDERS_API.folderCounts).length).toBeGreaterThan(countsBefore));
    // The refetched list shows the order as mine, and the selection is gone with the action.
    const row = (await screen.findByTitle(WEB_TEXT.heldByYou)).closest('tr')!;
    expect(within(row).getByText(orderId(2))).toBeTruthy();
    expect(screen.getByText(WEB_TEXT.noneSelected)).toBeTruthy();
  });

  it("greys the View of an order someone else holds in New, and links the others' (SPEC §2)", async () => {
    const server = staffServer(TEAM_MEMBER);
    servePages(server, [
      listItem({ order_id: orderId(1), assign_to: 'Nina Night', assigned_to_me: false }),
      listItem({ order_id: orderId(2), process_status: STATUS.New }),
    ]);
    await signInWith(server);
    renderAdmin(folderRoute(NEW_ORDERS.path));
    await screen.findByText(orderId(2));

    const [held, free] = bodyRows();
    const heldView = within(held!).getByRole('button', { name: 'View' }) as HTMLButtonElement;
    expect(heldView.disabled).toBe(true);
    expect(within(held!).queryByRole('link', { name: 'View' })).toBeNull();
    // A disabled button shows no tooltip: its wrapper names the holder.
    expect(heldView.parentElement?.getAttribute('title')).toBe(`${WEB_TEXT.heldBy} Nina Night`);
    const freeView = within(free!).getByRole('link', { name: 'View' });
    expect(freeView.getAttribute('href')).toBe(`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(orderId(2))}`);
  });

  it("opens ChargeBack soonest deadline first, its folder's own order, and keeps that order out of the address", async () => {
    const user = userEvent.setup();
    const chargeBack = FOLDERS.find((folder) => folder.name === 'chargeBack')!;
    const list = filled(ORDERS_API.list, { orderName: chargeBack.name });
    const soon = new Date(Date.now() + 2 * 86_400_000 - 3_600_000).toISOString();
    const server = staffServer(TEAM_MEMBER).on(list, {
      status: API_STATUS.ok,
      message: 'Order list',
      data: [
        listItem({ order_id: orderId(1), process_status: STATUS.ChargeBack, respond_by: soon }),
        listItem({ order_id: orderId(2), process_status: STATUS.ChargeBack }),
      ],
      total: 2,
    });
    await signInWith(server);
    const { router } = renderAdmin(folderRoute(chargeBack.path));

    const first = (await screen.findByText(orderId(1))).closest('tr')!;
    expect(within(first).getByText('2 days left').className).toContain('text-danger');
    const asked = server.calls(list).at(-1)!.query;
    expect([asked.get('sort'), asked.get('order')]).toEqual(['respond_by', 'asc']);
    expect(router.state.location.search).toBe('');
    const respondBy = screen.getByRole('columnheader', { name: /Respond by/ });
    expect(respondBy.getAttribute('aria-sort')).toBe('ascending');

    // Sorting by another column is the member's choice: it goes into the address, and back again.
    await user.click(screen.getByRole('button', { name: /Date & Time/ }));
    await waitFor(() => expect(server.calls(list).at(-1)!.query.get('sort')).toBe('created_at'));
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('created_at');
  });

  it('orders an Awaiting queue by follow-up day on request, and back to its own order (DESIGN §23)', async () => {
    const user = userEvent.setup();
    const awaiting = FOLDERS.find((folder) => folder.name === 'awaitingorder')!;
    const list = filled(ORDERS_API.list, { orderName: awaiting.name });
    const server = staffServer(TEAM_MEMBER).on(list, {
      status: API_STATUS.ok,
      message: 'Order list',
      data: [listItem({ order_id: orderId(1), process_status: STATUS.Awaiting })],
      total: 1,
    });
    await signInWith(server);
    const { router } = renderAdmin(folderRoute(awaiting.path));
    await screen.findByText(orderId(1));

    const byFollowUp = screen.getByRole('checkbox', { name: 'Follow-up day first' });
    await user.click(byFollowUp);
    await waitFor(() => expect(server.calls(list).at(-1)!.query.get('sort')).toBe('follow_up_on'));
    expect(server.calls(list).at(-1)!.query.get('order')).toBe('asc');
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('follow_up_on');
    expect((byFollowUp as HTMLInputElement).checked).toBe(true);

    await user.click(byFollowUp);
    const own = awaiting.view.defaultSort;
    await waitFor(() => expect(server.calls(list).at(-1)!.query.get('sort')).toBe(own.sort));
    expect(server.calls(list).at(-1)!.query.get('order')).toBe(own.order);
  });

  it('offers no follow-up order where orders have no follow-up day (New Orders)', async () => {
    const server = staffServer(TEAM_MEMBER);
    servePages(server, [listItem({ order_id: orderId(1) })]);
    await signInWith(server);
    renderAdmin(folderRoute(NEW_ORDERS.path));
    await screen.findByText(orderId(1));
    expect(screen.queryByRole('checkbox', { name: 'Follow-up day first' })).toBeNull();
  });
});
