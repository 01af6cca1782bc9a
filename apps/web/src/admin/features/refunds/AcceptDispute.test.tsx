import {
  ADMIN_ROUTE,
  API_STATUS,
  DETAIL_API,
  DETAIL_MSG,
  EVIDENCE_MSG,
  encodeOrderRef,
  type OrderDetail,
  PROCESSOR_API,
} from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { filled, staffServer } from '../../../test/fakeServer.ts';
import { disputeRecord, orderDetail, TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';

/** Accept on a Stripe dispute card of the order detail (DESIGN §26), against a fake server. */
const ORDER_ID = 'UKETA-4M7Q2Z';
const detailPath = `${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(ORDER_ID)}`;
const ACCEPT = filled(PROCESSOR_API.accept, { id: '41' });

function serverWith(start: OrderDetail) {
  const state = { order: start };
  const server = staffServer(TEAM_MEMBER).on(filled(DETAIL_API.detail, { orderId: ORDER_ID }), () => ({
    status: API_STATUS.ok,
    message: DETAIL_MSG.detail,
    data: state.order,
  }));
  return { server, state };
}

const card = async () => screen.findByRole('article', { name: /dp_41/ });

describe('Accept on a Stripe dispute (DESIGN §26)', () => {
  it('asks first, sends nothing on Cancel, concedes on confirm and then hides Accept and Submit evidence', async () => {
    const user = userEvent.setup();
    const open = disputeRecord({ id: 41, order_id: ORDER_ID });
    const { server, state } = serverWith(orderDetail({ order_id: ORDER_ID, disputes: [open] }));
    server.on(ACCEPT, () => {
      const accepted = { ...open, state: 'accepted' as const, accepted_at: new Date().toISOString() };
      state.order = { ...state.order, disputes: [accepted] };
      return { status: API_STATUS.ok, message: EVIDENCE_MSG.accepted, data: accepted };
    });
    await signInWith(server);
    renderAdmin(detailPath);

    const article = await card();
    // beside Submit evidence
    expect(within(article).getByRole('button', { name: 'Submit evidence' })).toBeTruthy();
    await user.click(within(article).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this dispute?' });
    expect(within(dialog).getByText(/£49\.99 stays with the customer/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls(ACCEPT)).toHaveLength(0);

    await user.click(within(await card()).getByRole('button', { name: 'Accept' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept the dispute' }));
    await waitFor(() => expect(server.calls(ACCEPT)).toHaveLength(1));
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: /dp_41/ })).queryByRole('button', { name: 'Accept' }),
      ).toBeNull(),
    );
    expect(within(await card()).queryByRole('button', { name: 'Submit evidence' })).toBeNull();
  });

  it('shows the API refusal in the dialog when the deadline has passed', async () => {
    const user = userEvent.setup();
    const { server } = serverWith(
      orderDetail({ order_id: ORDER_ID, disputes: [disputeRecord({ id: 41, order_id: ORDER_ID })] }),
    );
    server.on(ACCEPT, { http: 409, envelope: { status: API_STATUS.fail, message: EVIDENCE_MSG.pastDeadline } });
    await signInWith(server);
    renderAdmin(detailPath);
    await user.click(within(await card()).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Accept the dispute' }));
    expect(await within(dialog).findByText(EVIDENCE_MSG.pastDeadline)).toBeTruthy();
  });

  it('offers no Accept on a dispute of another processor', async () => {
    const { server } = serverWith(
      orderDetail({
        order_id: ORDER_ID,
        disputes: [disputeRecord({ id: 41, order_id: ORDER_ID, processor: 'paypal' })],
      }),
    );
    await signInWith(server);
    renderAdmin(detailPath);
    expect(within(await card()).queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});

describe('Submit evidence refused (DESIGN §26)', () => {
  it("shows the API's message beside the button, once (no toast besides)", async () => {
    const user = userEvent.setup();
    const { server } = serverWith(
      orderDetail({ order_id: ORDER_ID, disputes: [disputeRecord({ id: 41, order_id: ORDER_ID })] }),
    );
    server.on(filled(PROCESSOR_API.evidence, { id: '41' }), {
      http: 409,
      envelope: { status: API_STATUS.fail, message: EVIDENCE_MSG.pastDeadline },
    });
    await signInWith(server);
    renderAdmin(detailPath);
    await user.click(within(await card()).getByRole('button', { name: 'Submit evidence' }));
    expect(await within(await card()).findByText(EVIDENCE_MSG.pastDeadline)).toBeTruthy();
    expect(screen.getAllByText(EVIDENCE_MSG.pastDeadline)).toHaveLength(1);
  });
});

describe('Submit evidence (DESIGN §26): review, then send', () => {
  it('stages first and shows what Stripe will get; only "Send to Stripe" submits, and the button then goes', async () => {
    const user = userEvent.setup();
    const dispute = disputeRecord({ id: 41, order_id: ORDER_ID });
    const { server, state } = serverWith(orderDetail({ order_id: ORDER_ID, disputes: [dispute] }));
    const evidence = filled(PROCESSOR_API.evidence, { id: '41' });
    server.on(evidence, (request) => {
      const submit = (request.body as { submit: boolean }).submit;
      const now = '2026-11-20T10:00:00.000Z';
      const updated = submit
        ? { ...dispute, evidence_staged_at: now, evidence_submitted_at: now }
        : { ...dispute, evidence_staged_at: now };
      if (submit) state.order = orderDetail({ order_id: ORDER_ID, disputes: [updated] });
      return {
        status: API_STATUS.ok,
        message: submit ? EVIDENCE_MSG.submitted : EVIDENCE_MSG.staged,
        data: {
          dispute: updated,
          submitted: submit,
          fields: {
            product_description: `UK ETA application ${ORDER_ID}`,
            customer_email_address: 'ada@example.test',
            uncategorized_file: 'file_1',
          },
          files: [{ field: 'uncategorized_file', file_id: 'file_1', filename: 'defence-pack.pdf' }],
          enhanced: true,
        },
      };
    });
    await signInWith(server);
    renderAdmin(detailPath);
    await user.click(within(await card()).getByRole('button', { name: 'Submit evidence' }));
    const review = await screen.findByRole('dialog', { name: 'Evidence staged at Stripe: review, then send' });
    expect(within(review).getByText(`UK ETA application ${ORDER_ID}`)).toBeTruthy();
    // Stripe's field names in words; a file once, by its name, never its upload id
    expect(
      within(review)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Product description', 'Customer email']);
    expect(within(review).getByText('Defence pack: defence-pack.pdf')).toBeTruthy();
    expect(within(review).queryByText('file_1')).toBeNull();
    expect(within(review).getByText('Visa Compelling Evidence 3.0 included.')).toBeTruthy();
    const submits = () => server.calls(evidence).map((c) => (c.body as { submit: boolean }).submit);
    expect(submits()).toEqual([false]);

    await user.click(within(review).getByRole('button', { name: 'Send to Stripe' }));
    await waitFor(() => expect(submits()).toEqual([false, true]));
    // the toast says what Stripe now has
    expect(
      await screen.findByText('Evidence sent to Stripe: Product description, Customer email, Defence pack.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: /dp_41/ })).queryByRole('button', { name: 'Submit evidence' }),
      ).toBeNull(),
    );
  });
});
