import {
  ADMIN_ROUTE,
  API_STATUS,
  DETAIL_API,
  DETAIL_MSG,
  encodeOrderRef,
  NOTIFICATION_MSG,
  NOTIFICATIONS_API,
  type NotificationRecord,
  STATUS,
} from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { filled, staffServer } from '../../../test/fakeServer.ts';
import { orderDetail, TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';

/** DESIGN §23 on screen: a note on a held order with a mention, and the bell. */
const ORDER_ID = 'UKETA-7NOTES';
const DETAIL = filled(DETAIL_API.detail, { orderId: ORDER_ID });
const detailPath = `${ADMIN_ROUTE.viewOrder}/${encodeOrderRef(ORDER_ID)}`;

const note = (id: number, read_at: string | null = null): NotificationRecord => ({
  id,
  kind: 'mention',
  order_id: ORDER_ID,
  text: `@Tara Team note ${id}`,
  by: 'Tom Caller',
  created_at: '2026-03-02T10:00:00.000Z',
  read_at,
});

function server(notes: NotificationRecord[]) {
  const held = orderDetail({ order_id: ORDER_ID, process_status: STATUS.New, assign_to: 'Holly Holder' });
  return staffServer(TEAM_MEMBER)
    .on(DETAIL, { status: API_STATUS.ok, message: DETAIL_MSG.detail, data: { ...held, assigned_to_me: false } })
    .on(NOTIFICATIONS_API.list, () => ({
      status: API_STATUS.ok,
      message: NOTIFICATION_MSG.list,
      data: notes,
      total: notes.length,
      unread: notes.filter((n) => n.read_at === null).length,
    }))
    .on(NOTIFICATIONS_API.mentionable, {
      status: API_STATUS.ok,
      message: NOTIFICATION_MSG.members,
      data: [
        { id: 'Mg==', name: 'Holly Holder' },
        { id: 'NA==', name: 'Tom Caller' },
      ],
    })
    .on(NOTIFICATIONS_API.read, (request) => {
      const ids = (request.body as { ids: number[] }).ids;
      for (const n of notes) if (ids.includes(n.id)) n.read_at = '2026-03-02T11:00:00.000Z';
      return { status: API_STATUS.ok, message: NOTIFICATION_MSG.read, data: { ids, unread: 0 } };
    })
    .on(DETAIL_API.addRemark, (request) => ({
      status: API_STATUS.ok,
      message: DETAIL_MSG.remarkAdded,
      data: { ...(request.body as object), id: 1 } as never,
    }));
}

describe('notes and mentions', () => {
  it('leaves the remark box open on an order another member holds, with @-suggestions, while moves stay locked', async () => {
    const user = userEvent.setup();
    const fake = server([]);
    await signInWith(fake);
    renderAdmin(detailPath);
    const remark = await screen.findByRole('textbox', { name: 'Remark' });
    expect(screen.getByText(/You can still leave a remark/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Contact Customer' })).toHaveProperty('disabled', true);
    expect(remark).toHaveProperty('disabled', false);

    await user.type(remark, 'Customer rang, @Ho');
    const option = await screen.findByRole('option', { name: 'Holly Holder' });
    expect(option.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect((remark as HTMLTextAreaElement).value).toBe('Customer rang, @Holly Holder ');
    // the suggestions close (the page's other options, the Conversation's template picker, stay)
    expect(screen.queryByRole('listbox', { name: 'Members to mention' })).toBeNull();
    await user.type(remark, 'please call back');
    await user.click(screen.getByRole('button', { name: 'Save Comment' }));
    await waitFor(() => expect(fake.calls(DETAIL_API.addRemark)).toHaveLength(1));
    expect(fake.calls(DETAIL_API.addRemark)[0]?.body).toMatchObject({
      orderId: ORDER_ID,
      remark: 'Customer rang, @Holly Holder please call back',
    });
  });

  it('counts unread notifications in the bell, reads again on a live one, and opens the order marking it read', async () => {
    const user = userEvent.setup();
    const notes = [note(1)];
    const fake = server(notes);
    await signInWith(fake);
    renderAdmin(ADMIN_ROUTE.accessLog);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });

    notes.unshift(note(2));
    fake.pushLive('notification', note(2));
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });

    await user.click(bell);
    const menu = within(screen.getByTestId('notification-bell'));
    const newest = await menu.findByRole('button', { name: /Tom Caller mentioned you on UKETA-7NOTES.*note 2/ });
    await user.click(newest);
    await waitFor(() => expect(window.location.pathname).toBe(detailPath));
    expect(fake.calls(NOTIFICATIONS_API.read).map((r) => r.body)).toEqual([{ ids: [2] }]);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  });
});
