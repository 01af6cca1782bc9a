import {
  ADMIN_ROUTE,
  API_STATUS,
  DETAIL_API,
  DETAIL_MSG,
  DISPUTE_MSG,
  DISPUTES_API,
  type DisputeRecord,
  encodeOrderRef,
  estimateRespondBy,
  formatUtcDate,
  type OrderDetail,
  STATUS,
  statusLabel,
} from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { filled, staffServer } from '../../../test/fakeServer.ts';
import { disputeRecord, orderDetail, TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';

/** The order detail's Disputes section and its Open dispute form, rendered whole against a fake server. */
const ORDER_ID = 'UKETA-4M7Q2Z';
const DETAIL = filled(DETAIL_API.detail, { orderId: ORDER_ID });
const detailPath = `${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(ORDER_ID)}`;
const today = new Date().toISOString().slice(0, 10);

const detailReply = (order: OrderDetail) => ({ status: API_STATUS.ok, message: DETAIL_MSG.detail, data: order });
const section = () => screen.getByRole('heading', { name: 'Disputes' }).closest('section')!;

/** A detail that answers with `order` as it stands (a test changes it as the server would). */
function serverWith(start: OrderDetail) {
  const state = { order: start };
  const server = staffServer(TEAM_MEMBER).on(DETAIL, () => detailReply(state.order));
  return { server, state };
}

/** Opens "Open dispute" from the order detail's Disputes section and answers its dialog. */
async function openDisputeDialog(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await user.click(
    await within(await screen.findByRole('region', { name: 'Disputes' })).findByRole('button', {
      name: 'Open dispute',
    }),
  );
  return screen.findByRole('dialog');
}
describe('Open dispute on the order detail (DESIGN §14)', () => {
  it('checks the form with the shared rules, prefills from the order and the reason code, and sends what was typed', async () => {
    const user = userEvent.setup();
    const { server, state } = serverWith(orderDetail({ order_id: ORDER_ID, amount: '49.99', currency: 'GBP' }));
    server.on(DISPUTES_API.open, () => {
      const opened = disputeRecord({ id: 41, processor_dispute_id: 'dp_test_1', order_id: ORDER_ID });
      state.order = { ...state.order, process_status: STATUS.ChargeBack, disputes: [opened] };
      return { http: 201, envelope: { status: API_STATUS.ok, message: DISPUTE_MSG.opened, data: opened } };
    });
    await signInWith(server);
    renderAdmin(detailPath);
    expect((await screen.findByTestId('order-status')).textContent).toBe(STATUS.New);
    expect(within(section()).getByText('No disputes on this order.')).toBeTruthy();

    await user.click(within(section()).getByRole('button', { name: 'Open dispute' }));
    const dialog = await screen.findByRole('dialog');
    const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
    // The order's own amount and currency, opened today, a chargeback.
    expect(field('Amount').value).toBe('49.99');
    expect(field('Currency').value).toBe('GBP');
    expect(field('Opened').value).toBe(today);
    expect(field('Stage').value).toBe('chargeback');

    // Nothing typed: the required fields say so in red under them, and nothing is sent.
    await user.clear(field('Amount'));
    await user.type(field('Amount'), '49.999');
    await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }));
    expect(await within(dialog).findByText('Please select the processor.')).toBeTruthy();
    expect(within(dialog).getByText("Please enter the processor's dispute id.")).toBeTruthy();
    expect(within(dialog).getByText('Please enter the reason code.')).toBeTruthy();
    // A value in the wrong shape is refused by the shared rule, and told in words.
    expect(
      within(dialog).getByText('Enter the amount as a number with at most 2 decimals, such as 49.99.'),
    ).toBeTruthy();
    expect(server.calls(DISPUTES_API.open)).toEqual([]);

    // A known code names its network's reason, prefills the category and shows the estimated deadline.
    await user.type(field('Reason code'), '10.4');
    expect(
      within(dialog).getByText('Visa · Other fraud: card-absent environment', { selector: '.form-text' }),
    ).toBeTruthy();
    expect(field('Category').value).toBe('fraud');
    const estimate = formatUtcDate(estimateRespondBy('10.4', `${today}T00:00:00.000Z`));
    expect(within(dialog).getByText(`If left empty: ${estimate}, estimated from Visa's usual 30 days.`)).toBeTruthy();

    await user.selectOptions(field('Processor'), 'stripe');
    await user.type(field('Dispute Id'), 'dp_test_1');
    await user.clear(field('Amount'));
    await user.type(field('Amount'), '49.99');
    await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }));

    expect(await screen.findByText(DISPUTE_MSG.opened)).toBeTruthy();
    expect(server.calls(DISPUTES_API.open).map((r) => r.body)).toEqual([
      {
        orderId: ORDER_ID,
        processor: 'stripe',
        processorDisputeId: 'dp_test_1',
        reasonCode: '10.4',
        reasonCategory: 'fraud',
        amount: '49.99',
        currency: 'GBP',
        openedAt: today,
        stage: 'chargeback',
      },
    ]);
    // The detail reloads: the order is in ChargeBack, its dispute listed.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe(statusLabel(STATUS.ChargeBack)));
    expect(within(section()).getByRole('heading', { name: 'Stripe · dp_test_1' })).toBeTruthy();
  });

  it("keeps the form open with the server's refusal when the processor already has that dispute", async () => {
    const user = userEvent.setup();
    const { server } = serverWith(orderDetail({ order_id: ORDER_ID }));
    server.on(DISPUTES_API.open, {
      http: 409,
      envelope: { status: API_STATUS.fail, message: DISPUTE_MSG.duplicate },
    });
    await signInWith(server);
    renderAdmin(detailPath);
    const dialog = await openDisputeDialog(user);
    await user.selectOptions(within(dialog).getByLabelText('Processor'), 'adyen');
    await user.type(within(dialog).getByLabelText('Dispute Id'), 'ADY-1');
    await user.type(within(dialog).getByLabelText('Reason code'), 'fraudulent');
    await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }));

    expect(await screen.findByText(DISPUTE_MSG.duplicate)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    // A processor's own word is kept as typed, its category prefilled from it.
    expect(server.calls(DISPUTES_API.open)[0]?.body).toMatchObject({
      reasonCode: 'fraudulent',
      reasonCategory: 'fraud',
    });
  });
});

describe('Open dispute starts from the processor that took the payment (DESIGN §23, issue 31)', () => {
  /** An order the website says was paid through `gateway` (no processor named): Checkout.com is `checkout`. */
  const paidThrough = (gateway: string) => {
    const order = orderDetail({ order_id: ORDER_ID, amount: '39.99', currency: 'GBP' });
    return { ...order, purchase: { ...order.purchase, gateway_name: gateway } };
  };

  it("prefills the order's processor, and sends another one only once the member confirms it", async () => {
    const user = userEvent.setup();
    const { server } = serverWith(paidThrough('Checkout.com'));
    server.on(DISPUTES_API.open, () => ({
      http: 201,
      envelope: { status: API_STATUS.ok, message: DISPUTE_MSG.opened, data: disputeRecord({ id: 42 }) },
    }));
    await signInWith(server);
    renderAdmin(detailPath);
    const dialog = await openDisputeDialog(user);
    const processor = within(dialog).getByLabelText('Processor') as HTMLSelectElement;
    expect(processor.value).toBe('checkout');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();

    await user.selectOptions(processor, 'paypal');
    expect(
      within(dialog).getByText(
        'This order was paid through Checkout.com. Its defence pack will be addressed to PayPal.',
      ),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Dispute Id'), 'PP-D-1');
    await user.type(within(dialog).getByLabelText('Reason code'), '13.1');
    await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }));
    expect(
      await within(dialog).findByText('Please confirm the processor: it is not the one that took the payment.'),
    ).toBeTruthy();
    expect(server.calls(DISPUTES_API.open)).toEqual([]);

    await user.click(within(dialog).getByLabelText('This dispute came through PayPal, not Checkout.com'));
    await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }));
    expect(await screen.findByText(DISPUTE_MSG.opened)).toBeTruthy();
    const [sent] = server.calls(DISPUTES_API.open).map((r) => r.body as Record<string, unknown>);
    expect(sent).toMatchObject({ processor: 'paypal', processorDisputeId: 'PP-D-1' });
    // the confirmation is the web's: the server's contract is unchanged
    expect(Object.keys(sent ?? {})).not.toContain('confirmProcessor');
    expect(Object.keys(sent ?? {})).not.toContain('paidThrough');
  });

  it("opens the order's own processor without asking anything more", async () => {
    const user = userEvent.setup();
    const order = paidThrough('Worldpay');
    const { server } = serverWith({ ...order, purchase: { ...order.purchase, payment_processor: 'stripe' } });
    server.on(DISPUTES_API.open, () => ({
      http: 201,
      envelope: { status: API_STATUS.ok, message: DISPUTE_MSG.opened, data: disputeRecord({ id: 43 }) },
    }));
    await signInWith(server);
    renderAdmin(detailPath);
    const dialog = await openDisputeDialog(user);
    // the processor the website named wins over the gateway's name
    expect((within(dialog).getByLabelText('Processor') as HTMLSelectElement).value).toBe('stripe');
    await user.type(within(dialog).getByLabelText('Dispute Id'), 'dp_43');
    await user.type(within(dialog).getByLabelText('Reason code'), '10.4');
    await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }));
    expect(await screen.findByText(DISPUTE_MSG.opened)).toBeTruthy();
    expect(server.calls(DISPUTES_API.open)[0]?.body).toMatchObject({ processor: 'stripe' });
  });

  it('starts a gateway outside the processor list (Worldpay) at Other, as its defence pack is addressed', async () => {
    const user = userEvent.setup();
    const { server } = serverWith(paidThrough('Worldpay'));
    await signInWith(server);
    renderAdmin(detailPath);
    const dialog = await openDisputeDialog(user);
    const processor = within(dialog).getByLabelText('Processor') as HTMLSelectElement;
    expect(processor.value).toBe('other');
    // another processor is a change from the order's own, confirmed like any other
    await user.selectOptions(processor, 'stripe');
    expect(within(dialog).getByLabelText('This dispute came through Stripe, not Worldpay')).toBeTruthy();
  });
});

describe("a dispute's changes on the order detail", () => {
  it('lists the dispute and sends only what the member changed', async () => {
    const user = userEvent.setup();
    const dispute: DisputeRecord = disputeRecord({
      id: 7,
      processor: 'adyen',
      processor_dispute_id: 'ADY-77',
      reason_code: '4837',
      respond_by: '2031-01-05T23:59:59.999Z',
      respond_by_estimated: true,
      days_left: 2,
    });
    const { server, state } = serverWith(
      orderDetail({ order_id: ORDER_ID, process_status: STATUS.ChargeBack, disputes: [dispute] }),
    );
    const update = filled(DISPUTES_API.update, { id: '7' });
    server.on(update, () => {
      const changed = { ...dispute, state: 'won' as const, note: 'Evidence accepted', days_left: null };
      state.order = { ...state.order, disputes: [changed] };
      return { status: API_STATUS.ok, message: DISPUTE_MSG.updated, data: changed };
    });
    await signInWith(server);
    renderAdmin(detailPath);

    const item = await screen.findByRole('article', { name: 'Adyen · ADY-77' });
    expect(within(item).getByText('4837 · Fraud')).toBeTruthy();
    expect(within(item).getByText('£49.99')).toBeTruthy();
    expect(within(item).getByText('05-01-2031')).toBeTruthy();
    expect(within(item).getByText('2 days left').className).toContain('text-danger');
    expect(within(item).getByText('estimated')).toBeTruthy();
    expect(within(item).getByText('Needs response')).toBeTruthy();

    await user.click(within(item).getByRole('button', { name: 'Update' }));
    const form = within(item).getByRole('form');
    const save = within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.selectOptions(within(form).getByLabelText('State'), 'won');
    await user.type(within(form).getByLabelText('Note'), 'Evidence accepted');
    // The detail read again meanwhile (unchanged) keeps what the member is typing.
    const reads = server.calls(DETAIL).length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.calls(DETAIL).length).toBe(reads + 1));
    expect((within(form).getByLabelText('Note') as HTMLTextAreaElement).value).toBe('Evidence accepted');
    expect((within(form).getByLabelText('State') as HTMLSelectElement).value).toBe('won');
    await user.click(save);

    expect(await screen.findByText(DISPUTE_MSG.updated)).toBeTruthy();
    expect(server.calls(update).map((r) => r.body)).toEqual([{ state: 'won', note: 'Evidence accepted' }]);
    const changed = await screen.findByRole('article', { name: 'Adyen · ADY-77' });
    await waitFor(() => expect(within(changed).getByText('Won')).toBeTruthy());
    expect(within(changed).getByText('Evidence accepted')).toBeTruthy();
    expect(within(changed).queryByRole('form')).toBeNull();
  });
});
