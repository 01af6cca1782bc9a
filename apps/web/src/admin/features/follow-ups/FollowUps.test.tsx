import {
  ADMIN_ROUTE,
  API_STATUS,
  DETAIL_API,
  DETAIL_MSG,
  encodeOrderRef,
  FOLDERS,
  FOLLOW_UP_API,
  FOLLOW_UP_MSG,
  folderRoute,
  ORDERS_API,
  type OrderDetail,
  STATUS,
} from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { filled, staffServer } from '../../../test/fakeServer.ts';
import { listItem, orderDetail, TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';
import { FOLLOW_UP_TEXT } from './texts.ts';

/** DESIGN §18 follow-up dates: the detail's control, "Follow-up due" in rows, the sidebar's due counts. */
const ORDER_ID = 'UKETA-5FOLLOW';
const DETAIL = filled(DETAIL_API.detail, { orderId: ORDER_ID });
const detailPath = `${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(ORDER_ID)}`;
const AWAITING = FOLDERS.find((f) => f.name === 'awaitingorder')!;
const GOVT = FOLDERS.find((f) => f.name === 'awaitinggovtorder')!;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A detail reply the PUT keeps up to date, as the server would. */
function serveOrder(order: OrderDetail) {
  return staffServer(TEAM_MEMBER)
    .on(DETAIL, () => ({ status: API_STATUS.ok, message: DETAIL_MSG.detail, data: order }))
    .on(FOLLOW_UP_API.followUp, (request) => {
      const { followUpOn } = request.body as { followUpOn: string | null };
      order.follow_up_on = followUpOn;
      return {
        status: API_STATUS.ok,
        message: followUpOn ? FOLLOW_UP_MSG.set : FOLLOW_UP_MSG.cleared,
        data: { order_id: ORDER_ID, follow_up_on: followUpOn },
      };
    });
}

describe('follow-up dates', () => {
  it('sets a date on an order in Awaiting Customer, and clears it', async () => {
    const user = userEvent.setup();
    const server = serveOrder(orderDetail({ order_id: ORDER_ID, process_status: STATUS.Awaiting }));
    await signInWith(server);
    renderAdmin(detailPath);
    const panel = await screen.findByTestId('follow-up-panel');
    expect(within(panel).getByText(FOLLOW_UP_TEXT.none)).toBeTruthy();

    await user.type(within(panel).getByLabelText(FOLLOW_UP_TEXT.dateLabel), day(3));
    await user.click(within(panel).getByRole('button', { name: FOLLOW_UP_TEXT.save }));
    expect(await screen.findByText(FOLLOW_UP_MSG.set)).toBeTruthy();
    expect(server.calls(FOLLOW_UP_API.followUp).map((r) => r.body)).toEqual([
      { orderId: ORDER_ID, followUpOn: day(3) },
    ]);
    // not due yet: no badge until the day comes
    const refreshed = await screen.findByTestId('follow-up-panel');
    await waitFor(() => expect(within(refreshed).getByRole('button', { name: FOLLOW_UP_TEXT.clear })).toBeTruthy());
    expect(within(refreshed).queryByText(FOLLOW_UP_MSG.due)).toBeNull();

    await user.click(within(refreshed).getByRole('button', { name: FOLLOW_UP_TEXT.clear }));
    expect(await screen.findByText(FOLLOW_UP_MSG.cleared)).toBeTruthy();
    expect(server.calls(FOLLOW_UP_API.followUp).at(-1)?.body).toEqual({ orderId: ORDER_ID, followUpOn: null });
  });

  it('shows Follow-up due on the detail once the day has come (UTC)', async () => {
    const server = serveOrder(
      orderDetail({ order_id: ORDER_ID, process_status: STATUS.AwaitingGovt, follow_up_on: day(0) }),
    );
    await signInWith(server);
    renderAdmin(detailPath);
    const panel = await screen.findByTestId('follow-up-panel');
    expect(within(panel).getByText(FOLLOW_UP_MSG.due)).toBeTruthy();
  });

  it('has no control on an order in any other status', async () => {
    await signInWith(serveOrder(orderDetail({ order_id: ORDER_ID, process_status: STATUS.New })));
    renderAdmin(detailPath);
    await screen.findByRole('heading', { name: 'Add Comment Below' });
    expect(screen.queryByTestId('follow-up-panel')).toBeNull();
  });

  it('marks due rows in the queue and counts the due ones beside both folders in the sidebar', async () => {
    const server = staffServer(TEAM_MEMBER, {
      awaitingOrdersCount: 3,
      awaitingGovtCount: 1,
      awaitingFollowUpDueCount: 2,
      awaitingGovtFollowUpDueCount: 0,
    }).on(filled(ORDERS_API.list, { orderName: AWAITING.name }), {
      status: API_STATUS.ok,
      message: 'Order list',
      data: [
        listItem({ order_id: 'UKETA-000001', process_status: STATUS.Awaiting, follow_up_on: day(-1) }),
        listItem({ order_id: 'UKETA-000002', process_status: STATUS.Awaiting, follow_up_on: day(2) }),
        listItem({ order_id: 'UKETA-000003', process_status: STATUS.Awaiting }),
      ],
      total: 3,
    });
    await signInWith(server);
    renderAdmin(folderRoute(AWAITING.path));
    const due = (await screen.findByText('UKETA-000001')).closest('tr')!;
    expect(within(due).getByText(FOLLOW_UP_MSG.due)).toBeTruthy();
    for (const id of ['UKETA-000002', 'UKETA-000003']) {
      expect(within(screen.getByText(id).closest('tr')!).queryByText(FOLLOW_UP_MSG.due)).toBeNull();
    }

    const badge = await screen.findByTestId(`follow-ups-due-${AWAITING.name}`);
    expect(badge.textContent).toBe(`2 ${FOLLOW_UP_TEXT.dueSuffix(2)}`);
    expect(badge.getAttribute('title')).toBe(FOLLOW_UP_TEXT.dueCount(2));
    expect(badge.closest('a')?.getAttribute('href')).toBe(folderRoute(AWAITING.path));
    // none due beside Awaiting Govt: no badge
    expect(screen.queryByTestId(`follow-ups-due-${GOVT.name}`)).toBeNull();
  });
});
