import {
  ADMIN_ROUTE,
  API_STATUS,
  CLAIM_MSG,
  CLAIMS_API,
  DETAIL_API,
  DETAIL_MSG,
  encodeOrderRef,
  FLOW_MSG,
  MSG,
  ORDERS_API,
  type OrderDetail,
  ROLE,
  STATUS,
  type TokenUser,
} from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { filled, staffServer } from '../../../test/fakeServer.ts';
import { orderDetail, TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';

/** DESIGN §23 on the order detail: Restore, completing with no approved eTA, Upload & complete. */
const ORDER_ID = 'UKETA-4M7Q2Z';
const DETAIL = filled(DETAIL_API.detail, { orderId: ORDER_ID });
const detailPath = `${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(ORDER_ID)}`;
const MANAGER: TokenUser = { id: 9, name: 'Max Manager', email: 'max@example.test', type: ROLE.Manager };
const detailReply = (order: OrderDetail) => ({ status: API_STATUS.ok, message: DETAIL_MSG.detail, data: order });
const sidePanel = async () => (await screen.findByRole('heading', { name: 'Add Comment Below' })).closest('aside')!;

describe('the work surface on the order detail', () => {
  it('restores a Deleted order for a member who may delete, after asking', async () => {
    const user = userEvent.setup();
    let order = orderDetail({ order_id: ORDER_ID, process_status: STATUS.Deleted });
    const server = staffServer(MANAGER)
      .on(DETAIL, () => detailReply(order))
      .on(ORDERS_API.restore, () => {
        order = { ...order, process_status: STATUS.Awaiting };
        return {
          status: API_STATUS.ok,
          message: FLOW_MSG.restored(STATUS.Awaiting),
          data: { order_id: ORDER_ID, from: STATUS.Deleted, to: STATUS.Awaiting },
        };
      });
    await signInWith(server);
    renderAdmin(detailPath);
    await user.click(within(await sidePanel()).getByRole('button', { name: FLOW_MSG.restoreButton }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(FLOW_MSG.restoreConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Order restored to Awaiting Customer.')).toBeTruthy();
    expect(server.calls(ORDERS_API.restore).map((r) => r.body)).toEqual([{ orderId: ORDER_ID }]);
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Awaiting Customer'));
  });

  it('offers no Restore to a member who may not delete', async () => {
    const server = staffServer(TEAM_MEMBER).on(
      DETAIL,
      detailReply(orderDetail({ order_id: ORDER_ID, process_status: STATUS.Deleted })),
    );
    await signInWith(server);
    renderAdmin(detailPath);
    expect(within(await sidePanel()).queryByRole('button', { name: FLOW_MSG.restoreButton })).toBeNull();
  });

  it('asks in so many words before completing an order with no approved eTA', async () => {
    const user = userEvent.setup();
    const server = staffServer(TEAM_MEMBER).on(DETAIL, detailReply(orderDetail({ order_id: ORDER_ID })));
    await signInWith(server);
    renderAdmin(detailPath);
    await user.click(within(await sidePanel()).getByRole('button', { name: 'Completed Orders' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(FLOW_MSG.completeWithoutEta);
    expect(dialog.textContent).toContain(FLOW_MSG.completeWithoutEtaDetail);
  });

  it('Upload & complete sends complete=true and, opened through Next order, opens the next one', async () => {
    const user = userEvent.setup();
    const NEXT = 'UKETA-9NEXT1';
    const claimed = [ORDER_ID, NEXT];
    const server = staffServer(TEAM_MEMBER)
      .on(DETAIL, detailReply(orderDetail({ order_id: ORDER_ID })))
      .on(filled(DETAIL_API.detail, { orderId: NEXT }), detailReply(orderDetail({ order_id: NEXT })))
      .on(DETAIL_API.upload, {
        http: 201,
        envelope: {
          status: API_STATUS.ok,
          message: FLOW_MSG.uploadedAndCompleted,
          data: { documentId: 1, file1: 'x.pdf' },
        },
      })
      .on(CLAIMS_API.nextOrder, () => ({
        status: API_STATUS.ok,
        message: MSG.orderAssigned,
        data: { orderId: claimed.shift() as string },
      }));
    await signInWith(server);
    const { router } = renderAdmin(ADMIN_ROUTE.dashboard);
    // the dashboard's Next order takes the most urgent order (DESIGN §23)
    await user.click(await screen.findByRole('button', { name: CLAIM_MSG.nextOrderButton }));
    await waitFor(() => expect(router.state.location.pathname).toBe(detailPath));
    const upload = await screen.findByRole('region', { name: 'Upload Document' });
    await user.upload(
      within(upload).getByLabelText('Document'),
      new File(['%PDF-1.4'], 'eta.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(upload).getByRole('button', { name: FLOW_MSG.uploadAndCompleteButton }));

    // the next order opens after the upload's reply and the claim's: more than waitFor's default on a busy machine
    await waitFor(
      () => expect(router.state.location.pathname).toBe(`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(NEXT)}`),
      { timeout: 10_000 },
    );
    const form = server.calls(DETAIL_API.upload)[0]?.body as FormData;
    expect(form.get('complete')).toBe('true');
    expect(server.calls(CLAIMS_API.nextOrder).map((r) => r.body)).toEqual([{ folder: 'urgent' }, { folder: 'urgent' }]);
  });
});
