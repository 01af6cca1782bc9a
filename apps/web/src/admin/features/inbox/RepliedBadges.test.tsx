import { API_STATUS, FOLDERS, folderRoute, INBOX_MSG, ORDERS_API, STATUS } from '@eta/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { filled, staffServer } from '../../../test/fakeServer.ts';
import { listItem, TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';
import { INBOX_TEXT } from './texts.ts';

/** DESIGN §25: "Customer replied" on the rows the customer answered, and their count beside Awaiting Customer. */
const AWAITING = FOLDERS.find((f) => f.name === 'awaitingorder')!;

describe('customer replied', () => {
  it('marks replied rows in the queue and counts them beside Awaiting Customer only', async () => {
    const server = staffServer(TEAM_MEMBER, { awaitingOrdersCount: 2, awaitingRepliedCount: 1 }).on(
      filled(ORDERS_API.list, { orderName: AWAITING.name }),
      {
        status: API_STATUS.ok,
        message: 'Order list',
        data: [
          listItem({
            order_id: 'UKETA-000001',
            process_status: STATUS.Awaiting,
            customer_replied_at: '2026-11-20T10:00:00.000Z',
          }),
          listItem({ order_id: 'UKETA-000002', process_status: STATUS.Awaiting }),
        ],
        total: 2,
      },
    );
    await signInWith(server);
    renderAdmin(folderRoute(AWAITING.path));
    const replied = (await screen.findByText('UKETA-000001')).closest('tr')!;
    expect(within(replied).getByText(INBOX_MSG.customerReplied)).toBeTruthy();
    expect(within(screen.getByText('UKETA-000002').closest('tr')!).queryByText(INBOX_MSG.customerReplied)).toBeNull();

    const badges = await screen.findAllByTestId('awaiting-replied-count');
    expect(badges).toHaveLength(1);
    expect(badges[0]!.textContent).toBe(`1 ${INBOX_TEXT.repliedCount(1)}`);
    expect(badges[0]!.closest('a')?.getAttribute('href')).toBe(folderRoute(AWAITING.path));
  });
});
