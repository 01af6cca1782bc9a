import { ADMIN_ROUTE, API_STATUS, encodeOrderRef, FIND_API, type FindItem, FOLDERS, folderRoute } from '@eta/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { staffServer } from '../../../test/fakeServer.ts';
import { TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';

/** The top bar's Find (DESIGN §23) and the keys that reach it, against a fake server. */
const item = (order_id: string, process_status = 'New'): FindItem => ({
  order_id,
  full_name: 'Pat Customer',
  contact_email_address: 'pat@mail.example',
  phone_number: '7700900123',
  process_status,
  folder: 'newOrder',
  assign_to: '',
  sla_due_at: null,
  created_at: '2026-03-01T10:00:00.000Z',
});
const found = (items: FindItem[]) => ({
  status: API_STATUS.ok,
  message: 'Orders found.',
  data: items,
  total: items.length,
});
const pending = FOLDERS.find((f) => f.name === 'pendingorder')!;
const box = () => screen.getByRole('combobox', { name: /Find an order/ });

afterEach(() => localStorage.clear());

describe('Find', () => {
  it('/ focuses the box; Enter with one match opens it; the status shows as its label', async () => {
    const user = userEvent.setup();
    const server = staffServer(TEAM_MEMBER).on(FIND_API.find, found([item('UKETA-7QX2PA', 'moveToProcessMarch')]));
    await signInWith(server);
    const { router } = renderAdmin(ADMIN_ROUTE.dashboard);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    await user.keyboard('/');
    expect(document.activeElement).toBe(box());
    await user.keyboard('7QX2PA');
    expect(await screen.findByRole('option', { name: /UKETA-7QX2PA/ })).toBeTruthy();
    expect(screen.getByRole('listbox').textContent).toContain('Process 5th March');
    expect(server.calls(FIND_API.find).at(-1)?.query.get('q')).toBe('7QX2PA');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef('UKETA-7QX2PA')}`),
    );
  });

  it('with several matches Enter opens none until one is chosen with the arrows', async () => {
    const user = userEvent.setup();
    const server = staffServer(TEAM_MEMBER).on(FIND_API.find, found([item('UKETA-000001'), item('UKETA-000002')]));
    await signInWith(server);
    const { router } = renderAdmin(ADMIN_ROUTE.dashboard);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await user.click(box());
    await user.keyboard('Customer');
    await screen.findByRole('option', { name: /UKETA-000002/ });
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe(ADMIN_ROUTE.dashboard);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box().getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]?.id);
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${ADMIN_ROUTE.viewOrder}/${encodeOrderRef('UKETA-000002')}`),
    );
  });

  it('asks nothing below three characters', async () => {
    const user = userEvent.setup();
    const server = staffServer(TEAM_MEMBER).on(FIND_API.find, found([]));
    await signInWith(server);
    renderAdmin(folderRoute(pending.path));
    await user.click(box());
    await user.keyboard('ab');
    expect(await screen.findByText('Type at least 3 characters.')).toBeTruthy();
    expect(server.calls(FIND_API.find)).toHaveLength(0);
  });

  it('keys never act while typing, nor with single-key shortcuts off; Ctrl+K still finds', async () => {
    const user = userEvent.setup();
    const server = staffServer(TEAM_MEMBER).on(FIND_API.find, found([]));
    await signInWith(server);
    const { router } = renderAdmin(ADMIN_ROUTE.account);
    const toggle = await screen.findByRole('checkbox', { name: 'Single-key shortcuts' });

    // typing in a field
    await user.click(box());
    await user.keyboard('gn?');
    expect((box() as HTMLInputElement).value).toBe('gn?');
    expect(router.state.location.pathname).toBe(ADMIN_ROUTE.account);
    expect(screen.queryByRole('dialog')).toBeNull();

    // off on the Account page
    await user.click(toggle);
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await user.keyboard('/');
    expect(document.activeElement).not.toBe(box());
    await user.keyboard('gn');
    expect(router.state.location.pathname).toBe(ADMIN_ROUTE.account);
    await user.keyboard('{Control>}k{/Control}');
    expect(document.activeElement).toBe(box());

    // on again: g then n goes to New Orders
    await user.click(toggle);
    await user.keyboard('gn');
    await waitFor(() => expect(router.state.location.pathname).toBe(folderRoute('recent-order')));
  });
});
