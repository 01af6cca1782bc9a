import {
  ADMIN_ROUTE,
  API_STATUS,
  DETAIL_API,
  DETAIL_MSG,
  encodeOrderRef,
  movedMessage,
  movesFrom,
  ORDERS_API,
  type OrderDetail,
  PERMISSIONS,
  ROLE,
  type Role,
  SERVER_MSG,
  STATUS,
  statusLabel,
} from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SESSION_KEY } from '../../../lib/session.ts';
import { store } from '../../../store/index.ts';
import { filled, staffServer } from '../../../test/fakeServer.ts';
import { orderDetail, TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';
import { selectOrderDetails } from './selectors.ts';

/** The order detail screen, rendered whole (shell, store, router) against a fake server. */
const ORDER_ID = 'UKETA-4M7Q2Z';
const DETAIL = filled(DETAIL_API.detail, { orderId: ORDER_ID });
const detailPath = `${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(ORDER_ID)}`;

const detailReply = (order: OrderDetail) => ({ status: API_STATUS.ok, message: DETAIL_MSG.detail, data: order });
const heading = (name: string) => screen.getByRole('heading', { name });

describe('order detail screen', () => {
  it('renders its sections from the detail reply', async () => {
    const server = staffServer(TEAM_MEMBER).on(
      DETAIL,
      detailReply(orderDetail({ order_id: ORDER_ID, nationality: 'Portugal', amount: '42.50' })),
    );
    await signInWith(server);
    renderAdmin(detailPath);

    expect(await screen.findByRole('heading', { name: 'Order Details' })).toBeTruthy();
    for (const section of [
      'Upload Document',
      'Applicant And Passport Image',
      'Personal and Contact Information',
      'Additional Questions',
      'Payment Details',
      'Download History',
      'Activity',
      'Comment History',
      'Add Comment Below',
    ]) {
      expect(heading(section), section).toBeTruthy();
    }
    // No mail was sent yet: the Email History section is left out.
    expect(screen.queryByRole('heading', { name: 'Email History' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain(ORDER_ID);
    expect(screen.getByTestId('order-status').textContent).toBe(STATUS.New);
    const personal = heading('Personal and Contact Information').closest('section')!;
    expect(within(personal).getByText('Portugal')).toBeTruthy();
    expect(within(heading('Payment Details').closest('section')!).getByText(/42\.50/)).toBeTruthy();
    // SPEC §3 orderDetails is the order on screen, read from the cache.
    expect(selectOrderDetails(store.getState())?.nationality).toBe('Portugal');
  });

  it('shows the purchase evidence and Visa CE 3.0 in Payment Details', async () => {
    const order = orderDetail({ order_id: ORDER_ID });
    order.purchase = {
      ...order.purchase,
      purchase_ip: '203.0.113.7',
      card_fingerprint: 'fp_1',
      card_brand: 'visa',
      card_last4: '4242',
      three_ds_result: 'authenticated',
      payment_processor: 'checkout',
      gateway_name: 'Checkout.com',
      disclaimer_shown: true,
    };
    order.ce3 = {
      eligible: true,
      matches: [
        { order_id: 'UKETA-1A', created_at: '2025-01-01T10:00:00.000Z', shared: ['purchase_ip', 'device_id'] },
        { order_id: 'UKETA-2B', created_at: '2025-02-01T10:00:00.000Z', shared: ['purchase_ip', 'postal_address'] },
      ],
    };
    await signInWith(staffServer(TEAM_MEMBER).on(DETAIL, detailReply(order)));
    renderAdmin(detailPath);
    const payment = (await screen.findByRole('heading', { name: 'Payment Details' })).closest('section')!;
    for (const text of ['203.0.113.7', 'Visa •••• 4242', 'Authenticated', 'Checkout.com', 'Yes']) {
      expect(within(payment).getAllByText(text).length, text).toBeGreaterThan(0);
    }
    expect(
      within(payment).getByText('Qualifies: 2 earlier undisputed orders with the same card (UKETA-1A, UKETA-2B)'),
    ).toBeTruthy();
  });

  it("sends a move from the side panel, shows the server's message and reads the order again", async () => {
    const user = userEvent.setup();
    const rule = movesFrom(STATUS.New, TEAM_MEMBER.type).find((r) => r.call !== 'refund' && r.to !== STATUS.Deleted)!;
    let order = orderDetail({ order_id: ORDER_ID });
    const server = staffServer(TEAM_MEMBER)
      .on(DETAIL, () => detailReply(order))
      .on(ORDERS_API.move, (request) => {
        order = { ...order, process_status: (request.body as { updatingStatus: string }).updatingStatus };
        return { status: API_STATUS.ok, message: movedMessage(rule.to) };
      });
    await signInWith(server);
    renderAdmin(detailPath);
    const panel = (await screen.findByRole('heading', { name: 'Add Comment Below' })).closest('aside')!;

    await user.click(within(panel).getByRole('button', { name: rule.label }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText(movedMessage(rule.to))).toBeTruthy();
    expect(server.calls(ORDERS_API.move).map((r) => r.body)).toEqual([{ orderId: ORDER_ID, updatingStatus: rule.to }]);
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe(statusLabel(rule.to)));
    expect(server.calls(DETAIL)).toHaveLength(2);
  });

  describe('passport and selfie images, on request (DESIGN §22)', () => {
    const PASSPORT = filled(DETAIL_API.image, { orderId: ORDER_ID, kind: 'passport' });
    const SELFIE = filled(DETAIL_API.image, { orderId: ORDER_ID, kind: 'selfie' });
    const withImages = () => {
      const order = orderDetail({ order_id: ORDER_ID, full_name: 'Jane Doe' });
      order.images = { passport: `/api${PASSPORT.path}`, selfie: `/api${SELFIE.path}` };
      // the image's bytes; what matters here is whether and when they are asked for
      return staffServer(TEAM_MEMBER)
        .on(DETAIL, detailReply(order))
        .on(PASSPORT, { status: API_STATUS.ok, message: 'bytes' })
        .on(SELFIE, { status: API_STATUS.ok, message: 'bytes' });
    };
    const imagesSection = async () =>
      (await screen.findByRole('heading', { name: 'Applicant And Passport Image' })).closest('section')!;

    it('fetches the passport only when "Show passport" is clicked, once, and the selfie only on its own control', async () => {
      const user = userEvent.setup();
      // jsdom has no object URLs: the screen gets a stand-in for the fetched bytes
      Object.assign(URL, { createObjectURL: () => 'blob:image', revokeObjectURL: () => {} });
      onTestFinished(() => {
        Reflect.deleteProperty(URL, 'createObjectURL');
        Reflect.deleteProperty(URL, 'revokeObjectURL');
      });
      const server = withImages();
      await signInWith(server);
      renderAdmin(detailPath);
      const section = await imagesSection();
      await screen.findByText('Jane Doe');
      expect(server.calls(PASSPORT)).toHaveLength(0);
      expect(server.calls(SELFIE)).toHaveLength(0);
      expect(within(section).queryByRole('img')).toBeNull();

      await user.click(within(section).getByRole('button', { name: 'Show passport' }));
      const passport = await within(section).findByRole('img', { name: 'Passport of Jane Doe' });
      expect(passport.getAttribute('src')).toBe('blob:image');
      expect(server.calls(PASSPORT)).toHaveLength(1);
      expect(server.calls(PASSPORT)[0]?.authorization).toBeTruthy();
      expect(within(section).queryByRole('button', { name: 'Show passport' })).toBeNull();
      expect(server.calls(SELFIE)).toHaveLength(0);

      await user.click(within(section).getByRole('button', { name: 'Show selfie' }));
      expect(await within(section).findByRole('img', { name: 'Selfie of Jane Doe' })).toBeTruthy();
      expect(server.calls(SELFIE)).toHaveLength(1);
      expect(server.calls(PASSPORT)).toHaveLength(1);
    });

    it('offers no control and fetches nothing when the role table keeps images from the member', async () => {
      const table = PERMISSIONS as Record<keyof typeof PERMISSIONS, readonly Role[]>;
      const defaults = table['images.view'];
      table['images.view'] = defaults.filter((role) => role !== ROLE.Team);
      onTestFinished(() => {
        table['images.view'] = defaults;
      });
      const server = withImages();
      await signInWith(server);
      renderAdmin(detailPath);
      const section = await imagesSection();
      expect(within(section).queryByRole('button', { name: /^Show / })).toBeNull();
      expect(within(section).getAllByText('Your role may not view images.')).toHaveLength(2);
      expect(server.calls(PASSPORT)).toHaveLength(0);
    });
  });

  it('signs out on a 401 reply: session gone, sign-in screen, the message shown', async () => {
    const server = staffServer(TEAM_MEMBER).on(DETAIL, {
      http: 401,
      envelope: { status: API_STATUS.unauthorized, message: SERVER_MSG.unauthorized },
    });
    await signInWith(server);
    const { router } = renderAdmin(detailPath);

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(ADMIN_ROUTE.home);
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(store.getState().auth.isAuth).toBe(false);
    expect(await screen.findByText(SERVER_MSG.unauthorized)).toBeTruthy();
  });
});
