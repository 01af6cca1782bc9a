import {
  ADMIN_ROUTE,
  API_STATUS,
  DETAIL_API,
  DETAIL_MSG,
  encodeOrderRef,
  FOLDERS,
  folderRoute,
  LIVE_API,
  ORDERS_API,
  type OrderListItem,
  STATUS,
} from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { store } from '../../../store/index.ts';
import { type FakeServer, filled, staffServer } from '../../../test/fakeServer.ts';
import { listItem, orderDetail, TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';

/** Working live (DESIGN §18) on the screens: the stream's events change what is shown without a reload. */
const NEW_ORDERS = FOLDERS.find((folder) => folder.name === 'newOrder')!;
const LIST = filled(ORDERS_API.list, { orderName: NEW_ORDERS.name });
const ORDER_ID = 'UKETA-000001';
const DETAIL = filled(DETAIL_API.detail, { orderId: ORDER_ID });
const PRESENCE = filled(LIVE_API.presence, { orderId: ORDER_ID });

function serveList(server: FakeServer, rows: () => OrderListItem[]) {
  server.on(LIST, () => ({ status: API_STATUS.ok, message: 'Order list', data: rows(), total: rows().length }));
}
/**
 * The table row showing `id`, found and climbed to in one synchronous step: a live change re-renders
 * the cell (the id's link becomes plain text once another member holds it), and an element found
 * before that re-render would no longer be in the row by the time the test climbed from it.
 */
const rowOf = (id: string) =>
  waitFor(() => {
    const row = screen.getByText(id).closest('tr');
    if (!row) throw new Error(`${id} is not in a table row`);
    return row;
  });
const sidebarLink = () => screen.getByRole('link', { name: new RegExp(`^${NEW_ORDERS.label}`) });
const order = (orderId: string, over: Record<string, unknown> = {}) => ({
  orderId,
  status: STATUS.New,
  assignee: null,
  by: 'Nina Night',
  kind: 'status',
  from: null,
  ...over,
});

/**
 * The order detail of ORDER_ID open for a Team member, whose live stream the fake server holds;
 * `showNext` sets what the next read of the order answers.
 */
async function openDetail() {
  let detail = orderDetail({ order_id: ORDER_ID });
  const server = staffServer(TEAM_MEMBER)
    .on(DETAIL, () => ({ status: API_STATUS.ok, message: DETAIL_MSG.detail, data: detail }))
    .on(PRESENCE, { status: API_STATUS.ok, message: 'Presence', data: { viewers: [TEAM_MEMBER.name] } });
  await signInWith(server);
  renderAdmin(`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(ORDER_ID)}`);
  await screen.findByRole('heading', { name: 'Order Details' });
  return { server, showNext: (next: typeof detail) => (detail = next) };
}

describe('working live', () => {
  it('moves the sidebar counts when the stream sends new ones', async () => {
    const server = staffServer(TEAM_MEMBER, { newOrdersCount: 2 });
    serveList(server, () => []);
    await signInWith(server);
    renderAdmin(folderRoute(NEW_ORDERS.path));
    await waitFor(() => expect(sidebarLink().textContent).toBe(`${NEW_ORDERS.label}2`));
    await waitFor(() => expect(server.liveOpen).toBe(1));
    expect(server.calls(LIVE_API.stream)[0]?.authorization).toBeTruthy();
    server.pushLive('counts', { newOrdersCount: 3 });
    await waitFor(() => expect(sidebarLink().textContent).toBe(`${NEW_ORDERS.label}3`));
  });

  it('marks rows others changed and offers new arrivals instead of reloading under the cursor', async () => {
    const user = userEvent.setup();
    const server = staffServer(TEAM_MEMBER);
    let rows = [listItem({ order_id: ORDER_ID }), listItem({ order_id: 'UKETA-000002' })];
    serveList(server, () => rows);
    await signInWith(server);
    renderAdmin(folderRoute(NEW_ORDERS.path));
    await screen.findByText(ORDER_ID);
    await waitFor(() => expect(server.liveOpen).toBe(1));
    const listCalls = server.calls(LIST).length;

    server.pushLive('order', order(ORDER_ID, { kind: 'assign', assignee: 'Nina Night' }));
    const row = await rowOf(ORDER_ID);
    await waitFor(() => expect(row.getAttribute('title')).toBe('Nina Night took it'));
    expect(row.className).toContain('live-changed');
    // the member's own changes are not marked: their actions reload the list
    server.pushLive(
      'order',
      order('UKETA-000002', { by: TEAM_MEMBER.name, kind: 'assign', assignee: TEAM_MEMBER.name }),
    );

    server.pushLive('order', order('UKETA-000003', { by: null, kind: 'created' }));
    server.pushLive('order', order('UKETA-000004', { by: null, kind: 'created' }));
    server.pushLive('order', order('UKETA-000005', { status: STATUS.Priority, by: null, kind: 'created' }));
    const show = await screen.findByRole('button', { name: '2 new orders, show' });
    expect(server.calls(LIST)).toHaveLength(listCalls);
    expect(screen.getByText('UKETA-000002').closest('tr')?.className ?? '').not.toContain('live-changed');

    rows = [listItem({ order_id: 'UKETA-000004' }), listItem({ order_id: 'UKETA-000003' }), ...rows];
    await user.click(show);
    await screen.findByText('UKETA-000004');
    expect(server.calls(LIST).length).toBe(listCalls + 1);
    await waitFor(() => expect(screen.queryByRole('button', { name: /new orders?, show/ })).toBeNull());
  });

  it("shows another member's claim and move on the rows where they are, and keeps the total to the sidebar's count", async () => {
    // page 1 of a folder of 30 (the rest are on later pages)
    const server = staffServer(TEAM_MEMBER, { newOrdersCount: 30 });
    const ids = [ORDER_ID, 'UKETA-000002', 'UKETA-000003'];
    const rows = ids.map((order_id) => listItem({ order_id }));
    server.on(LIST, { status: API_STATUS.ok, message: 'Order list', data: rows, total: 30 });
    await signInWith(server);
    renderAdmin(folderRoute(NEW_ORDERS.path));
    const footer = () => screen.getByTestId('queue-range').textContent;
    expect(within(await rowOf(ORDER_ID)).getByRole('link', { name: 'View' })).toBeTruthy();
    await waitFor(() => expect(server.liveOpen).toBe(1));
    expect(footer()).toBe('Showing 1 to 10 of 30');
    const listCalls = server.calls(LIST).length;

    // Nina claims the first order: it stays New, now held by her, and Tara can no longer open it
    server.pushLive('order', order(ORDER_ID, { kind: 'assign', assignee: 'Nina Night' }));
    const claimed = await rowOf(ORDER_ID);
    await waitFor(() => expect(within(claimed).getByText('Nina Night')).toBeTruthy());
    expect(within(claimed).getByText(STATUS.New)).toBeTruthy();
    expect(within(claimed).queryByRole('link', { name: 'View' })).toBeNull();
    expect((within(claimed).getByRole('button', { name: 'View' }) as HTMLButtonElement).disabled).toBe(true);
    expect(claimed.className).toContain('live-changed');

    // Nina moves the second to Contact Customer: it leaves New, and the total follows the count
    server.pushLive('order', order('UKETA-000002', { status: STATUS.ContactCustomer, from: STATUS.New }));
    server.pushLive('counts', { newOrdersCount: 29 });
    await waitFor(() => expect(screen.queryByText('UKETA-000002')).toBeNull());
    await waitFor(() => expect(sidebarLink().textContent).toBe(`${NEW_ORDERS.label}29`));
    expect(footer()).toBe('Showing 1 to 10 of 29');
    expect(within(await rowOf('UKETA-000003')).getByRole('link', { name: 'View' })).toBeTruthy();
    // and one moved out from a later page: not on screen, but the total is the sidebar's still
    server.pushLive('order', order('UKETA-000099', { status: STATUS.Completed, from: STATUS.New }));
    server.pushLive('counts', { newOrdersCount: 28 });
    await waitFor(() => expect(sidebarLink().textContent).toBe(`${NEW_ORDERS.label}28`));
    expect(footer()).toBe('Showing 1 to 10 of 28');
    // all of it without reading the list again under the member's cursor
    expect(server.calls(LIST)).toHaveLength(listCalls);
  });

  it('applies a change heard while the page was on its way, though the page was read before it', async () => {
    const server = staffServer(TEAM_MEMBER, { newOrdersCount: 1 });
    // the list's reply waits at the door until the test lets it in
    let letIn = () => {};
    const door = new Promise<void>((resolve) => (letIn = resolve));
    const rows = [listItem({ order_id: ORDER_ID })];
    server.on(LIST, async () => {
      await door;
      return { status: API_STATUS.ok, message: 'Order list', data: rows, total: rows.length };
    });
    await signInWith(server);
    renderAdmin(folderRoute(NEW_ORDERS.path));
    await waitFor(() => expect(server.liveOpen).toBe(1));
    await waitFor(() => expect(server.calls(LIST)).toHaveLength(1));

    server.pushLive('order', order(ORDER_ID, { kind: 'assign', assignee: 'Nina Night' }));
    await waitFor(() => expect(store.getState().live.changes[ORDER_ID]?.assignee).toBe('Nina Night'));
    letIn();
    const row = await rowOf(ORDER_ID);
    await waitFor(() => expect(within(row).getByText('Nina Night')).toBeTruthy());
    expect((within(row).getByRole('button', { name: 'View' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('reads the queue again when a lost stream comes back', async () => {
    const server = staffServer(TEAM_MEMBER);
    serveList(server, () => [listItem({ order_id: ORDER_ID })]);
    await signInWith(server);
    renderAdmin(folderRoute(NEW_ORDERS.path));
    await screen.findByText(ORDER_ID);
    await waitFor(() => expect(server.liveOpen).toBe(1));
    const listCalls = server.calls(LIST).length;
    server.dropLive();
    // the first retry waits about a second (an upper bound here, never a timing)
    await waitFor(() => expect(server.calls(LIVE_API.stream)).toHaveLength(2), { timeout: 5_000 });
    await waitFor(() => expect(server.calls(LIST).length).toBe(listCalls + 1));
  });

  it('on the order detail: says who else is viewing, and that someone changed the order', async () => {
    const user = userEvent.setup();
    const { server, showNext } = await openDetail();
    await waitFor(() => expect(server.calls(PRESENCE)).toHaveLength(1));
    expect(server.calls(PRESENCE)[0]?.body).toEqual({ viewing: true });
    expect(screen.queryByText(/Also viewing/)).toBeNull();
    await waitFor(() => expect(server.liveOpen).toBe(1));

    server.pushLive('presence', { orderId: ORDER_ID, viewers: ['Nina Night', TEAM_MEMBER.name] });
    expect(await screen.findByText('Also viewing: Nina Night')).toBeTruthy();
    // read out politely through the shell's one live region (DESIGN §24)
    const announcer = document.getElementById('live-announcer') as HTMLElement;
    expect(announcer.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(announcer.textContent).toBe('Also viewing: Nina Night'));
    server.pushLive('presence', { orderId: 'UKETA-000009', viewers: ['Someone Else'] });

    const detailCalls = server.calls(DETAIL).length;
    server.pushLive('order', order(ORDER_ID, { status: STATUS.ContactCustomer, from: STATUS.New }));
    const banner = await screen.findByText('Nina Night moved it to Contact Customer since you opened this order.');
    await waitFor(() =>
      expect(announcer.textContent).toBe('Nina Night moved it to Contact Customer since you opened this order.'),
    );
    showNext(orderDetail({ order_id: ORDER_ID, process_status: STATUS.ContactCustomer }));
    await user.click(within(banner.closest('.alert') as HTMLElement).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(server.calls(DETAIL).length).toBe(detailCalls + 1));
    await waitFor(() => expect(screen.queryByText(/since you opened this order/)).toBeNull());
    expect(screen.queryByText(/Someone Else/)).toBeNull();
  });

  it('on the order detail: a mail the worker sent reads the order again, with no banner to reload', async () => {
    const { server, showNext } = await openDetail();
    await waitFor(() => expect(server.liveOpen).toBe(1));

    const detailCalls = server.calls(DETAIL).length;
    showNext(orderDetail({ order_id: ORDER_ID, process_status: STATUS.Completed }));
    server.pushLive('order', order(ORDER_ID, { by: null, kind: 'mail_sent', status: STATUS.Completed }));
    await waitFor(() => expect(server.calls(DETAIL).length).toBe(detailCalls + 1));
    expect(screen.queryByText(/since you opened this order/)).toBeNull();
    // once, not again and again: the read is newer than the mail's event
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls(DETAIL).length).toBe(detailCalls + 1);
  });
});
