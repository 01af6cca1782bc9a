import {
  API_STATUS,
  bulkMoveMessage,
  FLOW_MSG,
  FOLDERS,
  folderRoute,
  heldMessage,
  ORDERS_API,
  ROLE,
  STATUS,
} from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { filled, staffServer } from '../../../test/fakeServer.ts';
import { listItem, TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';
import { bulkTargets } from './MoveToMenu.tsx';

/** DESIGN §23 bulk moves: "Move to…" on a queue's selected rows. */
const AWAITING = FOLDERS.find((folder) => folder.name === 'awaitingorder')!;
const LIST = filled(ORDERS_API.list, { orderName: AWAITING.name });

describe('Move to… on the selected rows', () => {
  it('offers only the moves the rules allow from at least one selected status, for the member', () => {
    const labels = (statuses: string[], role: (typeof ROLE)[keyof typeof ROLE]) =>
      bulkTargets(
        statuses.map((status, i) => ({ id: `UKETA-${i}`, status })),
        role,
      ).map((rule) => rule.to);
    // Customer Called only from Contact Customer; Deleted only for those who may delete; Refunds never (its own call)
    expect(labels([STATUS.Awaiting], ROLE.Team)).not.toContain(STATUS.CustomerCalled);
    expect(labels([STATUS.Awaiting], ROLE.Team)).not.toContain(STATUS.Deleted);
    expect(labels([STATUS.Awaiting], ROLE.Manager)).toContain(STATUS.Deleted);
    expect(labels([STATUS.Awaiting, STATUS.ContactCustomer], ROLE.Team)).toContain(STATUS.CustomerCalled);
    expect(labels([STATUS.Awaiting], ROLE.Admin)).not.toContain(STATUS.Refunds);
    expect(labels([], ROLE.Admin)).toEqual([]);
  });

  it('asks, moves, and names each refused order in a warning', async () => {
    const user = userEvent.setup();
    const [a, b] = ['UKETA-000011', 'UKETA-000012'];
    const refused = [{ orderId: b, reason: heldMessage('Hal Team') }];
    const server = staffServer(TEAM_MEMBER)
      .on(LIST, {
        status: API_STATUS.ok,
        message: 'Order list',
        data: [a, b].map((order_id) => listItem({ order_id, process_status: STATUS.Awaiting })),
        total: 2,
      })
      .on(ORDERS_API.move, {
        status: API_STATUS.ok,
        message: bulkMoveMessage(1, refused, STATUS.AwaitingGovt),
        data: { moved: [a], refused },
      });
    await signInWith(server);
    renderAdmin(folderRoute(AWAITING.path));
    await screen.findByText(b);
    await user.click(screen.getByLabelText(`${WEB_TEXT.selectRow} ${a}`));
    await user.click(screen.getByLabelText(`${WEB_TEXT.selectRow} ${b}`));
    await user.click(screen.getByRole('button', { name: FLOW_MSG.moveToButton }));
    await user.click(await screen.findByRole('button', { name: 'Awaiting Govt' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(FLOW_MSG.bulkMoveConfirm(2, STATUS.AwaitingGovt))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    const warning = await screen.findByText(bulkMoveMessage(1, refused, STATUS.AwaitingGovt));
    expect(warning.textContent).toContain(`${b}: ${heldMessage('Hal Team')}`);
    expect(server.calls(ORDERS_API.move).map((r) => r.body)).toEqual([
      { orderId: [a, b], updatingStatus: STATUS.AwaitingGovt },
    ]);
    await waitFor(() => expect(screen.getByText(WEB_TEXT.noneSelected)).toBeTruthy());
  });
});
