import {
  ADMIN_ROUTE,
  API_STATUS,
  DETAIL_API,
  DETAIL_MSG,
  encodeOrderRef,
  FEATURES_API,
  PROCESSOR_API,
  REFUND_MSG,
  type RefundRecord,
  SCREENS,
} from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { featuresReply, filled, staffServer } from '../../../test/fakeServer.ts';
import { disputeRecord, orderDetail, TEAM_MEMBER } from '../../../test/fixtures.ts';
import { featuresKnown, renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';
import { REFUND_POLL_MS } from './RefundsSection.tsx';

/** DESIGN §26's "Refund failed": the dashboard count, its list with a Retry each, and the order's own section. */
const ORDER_ID = 'UKETA-4M7Q2Z';

const failedRefund = (overrides: Partial<RefundRecord> & Pick<RefundRecord, 'id'>): RefundRecord => ({
  order_id: ORDER_ID,
  processor: 'stripe',
  amount_minor: 3999,
  currency: 'GBP',
  state: 'failed',
  processor_refund_id: 're_1',
  failure_reason: 'expired_or_canceled_card',
  attempt: 1,
  requested_by_name: 'Tara Team',
  requested_at: '2026-11-20T10:00:00.000Z',
  settled_at: '2026-11-20T10:01:00.000Z',
  updated_at: '2026-11-20T10:01:00.000Z',
  ...overrides,
});

const summary = (refundsFailed: number) => ({
  status: API_STATUS.ok,
  message: REFUND_MSG.listed,
  data: { enabled: true, refunds_failed: refundsFailed, fraud_warnings_open: 0, key_refused_at: null },
});

describe('Refund failed (DESIGN §26)', () => {
  it('the dashboard counts them and links to their list; Retry sends one again and it leaves the list', async () => {
    const user = userEvent.setup();
    const state = { failed: [failedRefund({ id: 31 })] };
    const retryCall = filled(PROCESSOR_API.retryRefund, { id: '31' });
    const server = staffServer(TEAM_MEMBER)
      .on(PROCESSOR_API.summary, () => summary(state.failed.length))
      .on(PROCESSOR_API.refunds, () => ({ status: API_STATUS.ok, message: REFUND_MSG.listed, data: state.failed }))
      .on(retryCall, () => {
        state.failed = [];
        return {
          status: API_STATUS.ok,
          message: REFUND_MSG.retried,
          data: failedRefund({ id: 31, state: 'requested', attempt: 2, failure_reason: null }),
        };
      });
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.dashboard);

    const count = await screen.findByTestId('count-refunds-failed');
    expect(count.textContent).toBe('1');
    await user.click(count.closest('a') as HTMLElement);
    expect(await screen.findByRole('heading', { level: 1, name: SCREENS.failedRefunds.title })).toBeTruthy();
    expect(server.calls(PROCESSOR_API.refunds)[0]?.query.get('state')).toBe('failed');

    const row = await screen.findByTestId('failed-refund-31');
    expect(within(row).getByRole('link', { name: ORDER_ID }).getAttribute('href')).toBe(
      `${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(ORDER_ID)}`,
    );
    expect(within(row).getByText('£39.99')).toBeTruthy();
    // Stripe's code, in words staff can act on
    expect(within(row).getByText('The card has expired or was cancelled.')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Retry refund' }));
    await waitFor(() => expect(server.calls(retryCall)).toHaveLength(1));
    expect(await screen.findByText(REFUND_MSG.retried)).toBeTruthy();
    expect(await screen.findByText('No refund has failed.')).toBeTruthy();
  });

  it('says on the dashboard, in staff terms, while Stripe refuses the key', async () => {
    const refused = { ...summary(0), data: { ...summary(0).data, key_refused_at: '2026-11-20T10:00:00.000Z' } };
    await signInWith(staffServer(TEAM_MEMBER).on(PROCESSOR_API.summary, refused));
    renderAdmin(ADMIN_ROUTE.dashboard);
    const said = await screen.findByTestId('stripe-key-refused');
    expect(said.textContent).toBe(REFUND_MSG.keyRefused);
    expect(said.textContent).not.toMatch(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|401/);
  });

  it('is paged: the list asks for a page, shows the total the dashboard counts, and reaches the next page', async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 27 }, (_, i) => failedRefund({ id: 100 + i }));
    const server = staffServer(TEAM_MEMBER)
      .on(PROCESSOR_API.summary, () => summary(all.length))
      .on(PROCESSOR_API.refunds, (call) => {
        const page = Number(call.query.get('page'));
        const limit = Number(call.query.get('limit'));
        const data = all.slice((page - 1) * limit, page * limit);
        return { status: API_STATUS.ok, message: REFUND_MSG.listed, data, total: all.length };
      });
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.failedRefunds);
    expect(await screen.findByTestId('failed-refund-100')).toBeTruthy();
    expect(server.calls(PROCESSOR_API.refunds)[0]?.query.get('page')).toBe('1');
    expect(screen.getByTestId('queue-range').textContent).toBe('Showing 1 to 25 of 27');
    expect(screen.queryByTestId('failed-refund-125')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByTestId('failed-refund-126')).toBeTruthy();
    expect(screen.getByTestId('queue-range').textContent).toBe('Showing 26 to 27 of 27');
  });
});

describe("the order's Refunds section", () => {
  const detailPath = `${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(ORDER_ID)}`;

  function serverWith(stripe: boolean, note: string | null) {
    return staffServer(TEAM_MEMBER)
      .on(FEATURES_API.features, featuresReply({ stripe }))
      .on(filled(DETAIL_API.detail, { orderId: ORDER_ID }), {
        status: API_STATUS.ok,
        message: DETAIL_MSG.detail,
        data: orderDetail({ order_id: ORDER_ID, disputes: [disputeRecord({ id: 41, order_id: ORDER_ID })] }),
      })
      .on(filled(PROCESSOR_API.orderRefunds, { orderId: ORDER_ID }), {
        status: API_STATUS.ok,
        message: REFUND_MSG.listed,
        data: {
          through: stripe ? 'stripe' : null,
          note,
          amount_minor: 3999,
          currency: 'GBP',
          remaining_minor: 3999,
          refunds: [failedRefund({ id: 32 })],
        },
      });
  }
  const section = async () =>
    (await screen.findByRole('heading', { name: 'Refunds' })).closest('section') as HTMLElement;

  it('with Stripe not connected: says where the refund is made, in staff terms, and offers no Retry or Stripe dispute actions', async () => {
    const note = REFUND_MSG.elsewhere('Stripe UK');
    await signInWith(serverWith(false, note));
    renderAdmin(detailPath);
    const refunds = await section();
    expect(await within(refunds).findByText(note)).toBeTruthy();
    expect(within(refunds).getByText('Refund failed')).toBeTruthy();
    await featuresKnown();
    expect(within(refunds).queryByRole('button', { name: 'Retry refund' })).toBeNull();
    expect(refunds.textContent).not.toMatch(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/);
    // nothing on the Stripe dispute could reach Stripe either
    const dispute = await screen.findByRole('article', { name: /dp_41/ });
    expect(within(dispute).queryByRole('button', { name: 'Submit evidence' })).toBeNull();
    expect(within(dispute).queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('with Stripe connected: a failed refund has its Retry, and the dispute its Stripe actions', async () => {
    const server = serverWith(true, null);
    const retryCall = filled(PROCESSOR_API.retryRefund, { id: '32' });
    server.on(retryCall, {
      status: API_STATUS.ok,
      message: REFUND_MSG.retried,
      data: failedRefund({ id: 32, state: 'requested', attempt: 2 }),
    });
    await signInWith(server);
    renderAdmin(detailPath);
    const refunds = await section();
    await userEvent.setup().click(await within(refunds).findByRole('button', { name: 'Retry refund' }));
    await waitFor(() => expect(server.calls(retryCall)).toHaveLength(1));
    const dispute = await screen.findByRole('article', { name: /dp_41/ });
    expect(within(dispute).getByRole('button', { name: 'Submit evidence' })).toBeTruthy();
    expect(within(dispute).getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  it('refunds part of what remains through Stripe, and shows the refusal beside the amount', async () => {
    const user = userEvent.setup();
    const server = serverWith(true, null);
    const create = filled(PROCESSOR_API.createRefund, { orderId: ORDER_ID });
    const over = REFUND_MSG.overRemaining('£39.99');
    server.on(create, (request) =>
      (request.body as { amount: string }).amount === '50'
        ? { http: 400, envelope: { status: API_STATUS.fail, message: over } }
        : {
            status: API_STATUS.ok,
            message: REFUND_MSG.requested,
            data: failedRefund({ id: 33, state: 'requested', amount_minor: 1050, failure_reason: null }),
          },
    );
    await signInWith(server);
    renderAdmin(detailPath);
    const refunds = await section();
    const amount = await within(refunds).findByLabelText('Amount to refund (GBP)');
    expect(within(refunds).getByText(/Up to £39\.99\./)).toBeTruthy();
    await user.type(amount, '50');
    await user.click(within(refunds).getByRole('button', { name: 'Refund through Stripe' }));
    expect(await within(refunds).findByText(over)).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '10.50');
    await user.click(within(refunds).getByRole('button', { name: 'Refund through Stripe' }));
    await waitFor(() =>
      expect(server.calls(create).map((c) => c.body)).toEqual([{ amount: '50' }, { amount: '10.50' }]),
    );
    expect(await screen.findByText(REFUND_MSG.requested)).toBeTruthy();
  });

  it('a refund on its way is asked for again until Stripe has answered, then no more', async () => {
    const server = serverWith(true, null);
    let asked = 0;
    server.on(filled(PROCESSOR_API.orderRefunds, { orderId: ORDER_ID }), () => {
      asked += 1;
      const refund = failedRefund({ id: 34, failure_reason: null, state: asked < 2 ? 'requested' : 'succeeded' });
      return {
        status: API_STATUS.ok,
        message: REFUND_MSG.listed,
        data: {
          through: 'stripe',
          note: null,
          amount_minor: 3999,
          currency: 'GBP',
          remaining_minor: 0,
          refunds: [refund],
        },
      };
    });
    await signInWith(server);
    renderAdmin(detailPath);
    const refunds = await section();
    expect(await within(refunds).findByText('Sent to Stripe')).toBeTruthy();
    expect(await within(refunds).findByText('Refunded', {}, { timeout: REFUND_POLL_MS * 2 })).toBeTruthy();
    const settledAfter = asked;
    await new Promise((resolve) => setTimeout(resolve, REFUND_POLL_MS + 500));
    expect(asked).toBe(settledAfter);
  });

  it('offers no part refund with Stripe not connected', async () => {
    await signInWith(serverWith(false, REFUND_MSG.elsewhere('Stripe UK')));
    renderAdmin(detailPath);
    const refunds = await section();
    await featuresKnown();
    expect(within(refunds).queryByLabelText(/Amount to refund/)).toBeNull();
  });
});
