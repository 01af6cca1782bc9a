import {
  ADMIN_ROUTE,
  API_STATUS,
  DISPUTE_MSG,
  DISPUTES_API,
  type DisputeWithCe3,
  encodeOrderRef,
  ORDER_ID_MESSAGE,
  ROLE,
} from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { type FakeServer, filled, type SeenRequest, staffServer } from '../../../test/fakeServer.ts';
import { disputeRow, TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';

/** The Disputes screen (/admin/disputes) and the dashboard's tile, rendered whole against a fake server. */
const ORDER_ID = 'UKETA-4M7Q2Z';

/** Answers the list as the server filters it: unmatched=1 gives `unmatched`, anything else `matched`. */
function serveLists(server: FakeServer, lists: { matched: DisputeWithCe3[]; unmatched: DisputeWithCe3[] }) {
  server.on(DISPUTES_API.list, (request) => {
    const rows = request.query.get('unmatched') === '1' ? lists.unmatched : lists.matched;
    const limit = Number(request.query.get('limit'));
    return { status: API_STATUS.ok, message: DISPUTE_MSG.listed, data: rows.slice(0, limit), total: rows.length };
  });
}

const listCalls = (server: FakeServer, unmatched: boolean): SeenRequest[] =>
  server.calls(DISPUTES_API.list).filter((r) => (r.query.get('unmatched') === '1') === unmatched);
const query = (request: SeenRequest | undefined) => Object.fromEntries(request?.query ?? []);
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('the Disputes screen (DESIGN §14)', () => {
  it('lists every dispute with its order, deadline and state, and filters by state', async () => {
    const user = userEvent.setup();
    const server = staffServer(TEAM_MEMBER);
    serveLists(server, {
      matched: [
        disputeRow({ id: 1, order_id: ORDER_ID, respond_by: '2031-01-05T23:59:59.999Z', days_left: 0 }),
        disputeRow({ id: 2, order_id: null, processor: 'paypal', processor_dispute_id: 'PP-D-2' }),
      ],
      unmatched: [disputeRow({ id: 2, order_id: null })],
    });
    await signInWith(server);
    const { router } = renderAdmin(ADMIN_ROUTE.disputes);

    expect(await screen.findByRole('heading', { level: 1, name: 'Disputes' })).toBeTruthy();
    const [first, second] = await waitFor(() => {
      const rows = bodyRows();
      expect(rows).toHaveLength(2);
      return rows;
    });
    const link = within(first!).getByRole('link', { name: ORDER_ID });
    expect(link.getAttribute('href')).toBe(`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(ORDER_ID)}`);
    expect(within(first!).getByText('Overdue').className).toContain('text-danger');
    expect(within(first!).getByText('Needs response')).toBeTruthy();
    expect(within(second!).getByText('PP-D-2')).toBeTruthy();
    expect(within(second!).getByText('Unmatched')).toBeTruthy();
    expect(query(listCalls(server, false).at(-1))).toEqual({ page: '1', limit: '10' });
    // The Unmatched tab says how many wait to be linked.
    expect((await screen.findByRole('tab', { name: /Unmatched/ })).textContent).toBe('Unmatched1');

    await user.selectOptions(screen.getByLabelText('State'), 'won');
    await waitFor(() =>
      expect(query(listCalls(server, false).at(-1))).toEqual({ state: 'won', page: '1', limit: '10' }),
    );
    expect(router.state.location.search).toBe('?state=won');
  });

  it('shows on each row whether Visa CE 3.0 applies, with the earlier orders that make it as links', async () => {
    const server = staffServer(TEAM_MEMBER);
    const match = (order_id: string, created_at: string) => ({
      order_id,
      created_at,
      shared: ['purchase_ip' as const, 'device_id' as const],
    });
    serveLists(server, {
      matched: [
        disputeRow({
          id: 1,
          order_id: ORDER_ID,
          ce3: {
            eligible: true,
            matches: [
              match('UKETA-OLD001', '2024-08-01T10:00:00.000Z'),
              match('UKETA-OLD002', '2024-10-01T10:00:00.000Z'),
            ],
          },
        }),
        disputeRow({
          id: 2,
          order_id: 'UKETA-SECOND',
          ce3: { eligible: false, matches: [match('UKETA-OLD003', '2024-09-01T10:00:00.000Z')] },
        }),
        disputeRow({ id: 3, order_id: null, processor_dispute_id: 'dp_nobody' }),
      ],
      unmatched: [],
    });
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.disputes);

    const [eligible, short, unmatched] = await waitFor(() => {
      const rows = bodyRows();
      expect(rows).toHaveLength(3);
      return rows;
    });
    expect(within(screen.getByRole('table')).getByText('Visa CE 3.0')).toBeTruthy();
    expect(within(eligible!).getByText('Qualifies').className).toContain('text-bg-success');
    expect(within(eligible!).getByText(/2 earlier orders:/)).toBeTruthy();
    const old = within(eligible!).getByRole('link', { name: 'UKETA-OLD001' });
    expect(old.getAttribute('href')).toBe(`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef('UKETA-OLD001')}`);
    expect(within(eligible!).getByRole('link', { name: 'UKETA-OLD002' })).toBeTruthy();
    expect(within(short!).getByText('Does not qualify')).toBeTruthy();
    expect(within(short!).getByText(/1 of the 2 earlier orders needed:/)).toBeTruthy();
    expect(within(short!).getByRole('link', { name: 'UKETA-OLD003' })).toBeTruthy();
    // an unmatched dispute has no order to weigh
    expect(within(unmatched!).queryByText('Qualifies')).toBeNull();
    expect(within(unmatched!).queryByText('Does not qualify')).toBeNull();
  });

  it("links an unmatched dispute to the order a member names, showing the server's refusal first", async () => {
    const user = userEvent.setup();
    const server = staffServer(TEAM_MEMBER);
    const lists = {
      matched: [] as DisputeWithCe3[],
      unmatched: [
        disputeRow({
          id: 9,
          order_id: null,
          processor_dispute_id: 'dp_lost_9',
          order_ref: 'UKETA-TYPO',
          payment_reference: 'pi_123',
          transaction_id: 'ch_456',
        }),
      ],
    };
    serveLists(server, lists);
    const update = filled(DISPUTES_API.update, { id: '9' });
    server.on(update, (request) => {
      const { orderId } = request.body as { orderId: string };
      if (orderId !== ORDER_ID) {
        return { http: 404, envelope: { status: API_STATUS.fail, message: DISPUTE_MSG.orderNotFound } };
      }
      const linked = { ...lists.unmatched[0]!, order_id: orderId };
      lists.unmatched = [];
      return { status: API_STATUS.ok, message: DISPUTE_MSG.updated, data: linked };
    });
    await signInWith(server);
    renderAdmin(`${ADMIN_ROUTE.disputes}?view=unmatched`);

    const row = (await screen.findByText('dp_lost_9')).closest('tr')!;
    expect(query(listCalls(server, true).at(-1))).toMatchObject({ unmatched: '1', page: '1' });
    // What the processor sent, to find the order it meant.
    for (const sent of ['UKETA-TYPO', 'pi_123', 'ch_456']) expect(within(row).getByText(sent)).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Link to order' }));
    const dialog = await screen.findByRole('dialog');
    const orderField = within(dialog).getByLabelText('Order Id');
    await user.type(orderField, 'x!');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await within(dialog).findByText(ORDER_ID_MESSAGE)).toBeTruthy();
    expect(server.calls(update)).toEqual([]);

    await user.clear(orderField);
    await user.type(orderField, 'UKETA-NOPE99');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await within(dialog).findByText(DISPUTE_MSG.orderNotFound)).toBeTruthy();

    await user.clear(orderField);
    await user.type(orderField, ORDER_ID);
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText(DISPUTE_MSG.updated)).toBeTruthy();
    expect(server.calls(update).map((r) => r.body)).toEqual([{ orderId: 'UKETA-NOPE99' }, { orderId: ORDER_ID }]);
    // Linked: the list is read again and the dispute has left it.
    expect(await screen.findByText('No records found')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers the orders that may be an unmatched dispute’s, each linked with one click (DESIGN §23)', async () => {
    const user = userEvent.setup();
    const server = staffServer(TEAM_MEMBER);
    const lists = {
      matched: [] as DisputeWithCe3[],
      unmatched: [
        disputeRow({ id: 12, order_id: null, processor_dispute_id: 'dp_blind_12', payment_reference: 'pi_9' }),
      ],
    };
    serveLists(server, lists);
    server.on(filled(DISPUTES_API.candidates, { id: '12' }), {
      status: API_STATUS.ok,
      message: DISPUTE_MSG.candidates,
      data: [
        {
          order_id: ORDER_ID,
          full_name: 'Ada Lovelace',
          contact_email_address: 'ada@example.test',
          process_status: 'Completed',
          amount_minor: 4950,
          currency: 'EUR',
          created_at: '2030-06-01T10:00:00.000Z',
          match: ['payment_reference', 'amount'],
        },
      ],
    });
    const update = filled(DISPUTES_API.update, { id: '12' });
    server.on(update, () => {
      const linked = { ...lists.unmatched[0]!, order_id: ORDER_ID };
      lists.unmatched = [];
      return { status: API_STATUS.ok, message: DISPUTE_MSG.updated, data: linked };
    });
    await signInWith(server);
    renderAdmin(`${ADMIN_ROUTE.disputes}?view=unmatched`);

    const row = (await screen.findByText('dp_blind_12')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Link to order' }));
    const dialog = await screen.findByRole('dialog');
    const suggested = await within(dialog).findByRole('table', { name: 'Suggested orders' });
    expect(within(suggested).getByText('Payment reference, Amount')).toBeTruthy();
    await user.click(within(suggested).getByRole('button', { name: `Link ${ORDER_ID}` }));
    expect(await screen.findByText(DISPUTE_MSG.updated)).toBeTruthy();
    expect(server.calls(update).map((r) => r.body)).toEqual([{ orderId: ORDER_ID }]);
  });

  it('sits right after Charge Back in the sidebar; the Dispute Report only for Admin and Manager', async () => {
    const server = staffServer(TEAM_MEMBER);
    serveLists(server, { matched: [], unmatched: [] });
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.disputes);
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const labels = within(menu)
      .getAllByRole('link')
      .map((a) => a.textContent?.replace(/\d+$/, ''));
    expect(labels[labels.indexOf('Charge Back') + 1]).toBe('Disputes');
    expect(labels).not.toContain('Dispute Report');
  });
});

describe("the dashboard's disputes tile", () => {
  it('counts open disputes due within three days, the overdue apart, and links to both with the same filters', async () => {
    // The clock stands still (timers run as usual), so "three days from now" is one exact instant.
    const now = Date.parse('2026-03-10T12:00:00.000Z');
    vi.useFakeTimers({ toFake: ['Date'], now });
    onTestFinished(() => void vi.useRealTimers());
    const server = staffServer({ ...TEAM_MEMBER, type: ROLE.Manager });
    // issue 31: 4 due from now to three days on, 1 already overdue, which "due in 3 days" never counts
    server.on(DISPUTES_API.list, (request) => ({
      status: API_STATUS.ok,
      message: DISPUTE_MSG.listed,
      data: [],
      total: request.query.has('dueAfter') ? 4 : 1,
    }));
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.dashboard);

    const count = await screen.findByTestId('count-disputes-due');
    await waitFor(() => expect(count.textContent).toBe('4'));
    expect((await screen.findByTestId('count-disputes-overdue')).textContent).toBe('1 overdue');
    const calls = server.calls(DISPUTES_API.list).map(query);
    const asked = calls.find((q) => q.dueAfter);
    expect(asked).toMatchObject({ state: 'needs_response', page: '1', limit: '1' });
    expect(asked?.dueAfter).toBe('2026-03-10T12:00:00.000Z');
    expect(asked?.dueBefore).toBe('2026-03-13T12:00:00.000Z');
    const overdue = calls.find((q) => !q.dueAfter);
    expect(overdue).toMatchObject({ state: 'needs_response', dueBefore: '2026-03-10T12:00:00.000Z' });
    const tile = count.closest('a')!;
    expect(tile.getAttribute('href')).toBe(
      `${ADMIN_ROUTE.disputes}?state=needs_response&dueBefore=2026-03-13T12%3A00%3A00.000Z`,
    );
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Dispute Report' })).toBeTruthy();
  });
});
