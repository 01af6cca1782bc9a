import {
  ADMIN_ROUTE,
  API_STATUS,
  DEFENCE_API,
  DEFENCE_MSG,
  DETAIL_API,
  DETAIL_MSG,
  type DefenceLetter,
  encodeOrderRef,
  STATUS,
} from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { filled, staffServer } from '../../../test/fakeServer.ts';
import { orderDetail, TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';

const ORDER_ID = 'UKETA-8P2K4D';
const INCLUDE = 'Include passport image';

function letter(packType: 1 | 2, missing: DefenceLetter['missing'] = []): DefenceLetter {
  return {
    orderId: ORDER_ID,
    packType,
    from: ['eTA Desk Services Ltd'],
    date: '15 June 2030',
    to: ['The Disputes Team', 'Stripe'],
    profile: 'stripe',
    subject: `Response to chargeback – order ${ORDER_ID}`,
    reference: [],
    salutation: 'Dear Disputes Team,',
    sections: [],
    enclosures: [],
    closing: 'Yours faithfully,',
    signature: ['eTA Desk Services Ltd'],
    missing,
  };
}

/** The order detail of a Completed order whose letter lacks `missing`, its Defence Pack buttons enabled. */
function serverFor(missing: DefenceLetter['missing'] = []) {
  return staffServer(TEAM_MEMBER)
    .on(filled(DETAIL_API.detail, { orderId: ORDER_ID }), {
      status: API_STATUS.ok,
      message: DETAIL_MSG.detail,
      data: orderDetail({ order_id: ORDER_ID, process_status: STATUS.Completed }),
    })
    .on(filled(DEFENCE_API.letter, { orderId: ORDER_ID }), (request) => ({
      status: API_STATUS.ok,
      message: DEFENCE_MSG.letter,
      data: letter(request.query.get('defencePackType') === '2' ? 2 : 1, missing),
    }));
}

/** DESIGN §22 (issue 31): Defence Pack 2, the short pack, has no passport option; pack 1 offers it, unticked. */
describe('the Defence Pack modals', () => {
  it('offer "Include passport image" on pack 1 only, and never ask the server for it on pack 2', async () => {
    const user = userEvent.setup();
    const server = serverFor();
    await signInWith(server);
    renderAdmin(`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(ORDER_ID)}`);

    await user.click(await screen.findByRole('button', { name: 'Defence Pack 1' }));
    let dialog = await screen.findByRole('dialog');
    const box = (await within(dialog).findByLabelText(INCLUDE)) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await user.click(box);
    expect(((await within(dialog).findByLabelText(INCLUDE)) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Defence Pack 2' }));
    dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/The compact pack/)).toBeTruthy();
    expect(within(dialog).queryByLabelText(INCLUDE)).toBeNull();
    const letters = server.calls(filled(DEFENCE_API.letter, { orderId: ORDER_ID }));
    const pack2 = letters.filter((r) => r.query.get('defencePackType') === '2');
    expect(pack2.length).toBeGreaterThan(0);
    expect(pack2.every((r) => r.query.get('includePassport') === 'false')).toBe(true);
  });

  it('say, like the letters and invoices, that no contact address is printed without a business email, in staff terms', async () => {
    const user = userEvent.setup();
    await signInWith(serverFor(['businessEmail']));
    renderAdmin(`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(ORDER_ID)}`);
    await user.click(await screen.findByRole('button', { name: 'Defence Pack 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        'No business email address is set up for this desk, so letters and invoices give no contact address. Ask your administrator to add one.',
      ),
    ).toBeTruthy();
    // staff read staff terms: never a setting's name (operators read those in docs/operations/)
    expect(dialog.textContent).not.toMatch(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/);
  });
});
