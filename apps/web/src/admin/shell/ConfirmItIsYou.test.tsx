import {
  ACCOUNT_API,
  ACCOUNT_MSG,
  type AccountRecord,
  ADMIN_ROUTE,
  API_STATUS,
  AUTH_API,
  PRIVACY_API,
  REAUTH_REQUIRED_DATA,
  SERVER_MSG,
} from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { request, requestBlob } from '../../lib/api.ts';
import { WEB_TEXT } from '../../lib/texts.ts';
import { store } from '../../store/index.ts';
import { staffServer } from '../../test/fakeServer.ts';
import { TEAM_MEMBER } from '../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../test/renderAdmin.tsx';

/** "Confirm it is you" (DESIGN §22): one modal for every call the server refuses until the member confirms. */
const PASSWORD = 'my-own-password';
const CODE = '123456';
const REFUSED = {
  http: 403,
  envelope: { status: API_STATUS.fail, message: ACCOUNT_MSG.reauthRequired, data: REAUTH_REQUIRED_DATA },
};
const account = (enabled: boolean): AccountRecord => ({
  name: TEAM_MEMBER.name,
  email: TEAM_MEMBER.email,
  type: TEAM_MEMBER.type,
  twoFactor: { enabled, required: false, recoveryCodesLeft: enabled ? 10 : 0 },
});

/** A server that refuses the sensitive calls until the password (or the code) confirms it is the member. */
function confirmingServer(twoFactor = false) {
  let confirmed = false;
  const unlessConfirmed = (done: () => { status: 1; message: string }) => () => (confirmed ? done() : REFUSED);
  const server = staffServer(TEAM_MEMBER)
    .on(ACCOUNT_API.account, { status: API_STATUS.ok, message: 'Account', data: account(twoFactor) })
    .on(ACCOUNT_API.reauth, (request) => {
      const body = request.body as { password?: string; code?: string };
      if (body.password === PASSWORD || (twoFactor && body.code === CODE)) {
        confirmed = true;
        return {
          status: API_STATUS.ok,
          message: ACCOUNT_MSG.reauthDone,
          data: { confirmedUntil: '2026-11-25T09:10:00Z' },
        };
      }
      const field = body.password === undefined ? 'code' : 'password';
      const message = field === 'code' ? ACCOUNT_MSG.codeWrong : ACCOUNT_MSG.passwordWrong;
      return { http: 400, envelope: { status: API_STATUS.fail, message, data: { errors: { [field]: message } } } };
    })
    .on(
      AUTH_API.changePassword,
      unlessConfirmed(() => ({ status: API_STATUS.ok, message: SERVER_MSG.passwordChanged })),
    )
    .on(
      PRIVACY_API.subjectExport,
      unlessConfirmed(() => ({ status: API_STATUS.ok, message: 'the bytes of the ZIP' })),
    );
  return server;
}

const dialog = () => screen.findByRole('dialog', { name: WEB_TEXT.reauthTitle });

describe('confirm it is you', () => {
  it('Update Password keeps its one field: the modal asks for the password, then the change goes through', async () => {
    const user = userEvent.setup();
    const server = confirmingServer();
    await signInWith(server);
    const { router } = renderAdmin(ADMIN_ROUTE.changePassword);

    await user.type(await screen.findByLabelText('Enter New Password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    const modal = await dialog();
    // SPEC's screen keeps its one field: the password is asked in the modal
    expect(document.querySelectorAll('main input')).toHaveLength(1);
    await user.type(within(modal).getByLabelText(WEB_TEXT.reauthPassword), 'not-it');
    await user.click(within(modal).getByRole('button', { name: WEB_TEXT.reauthConfirm }));
    expect(await within(modal).findByText(ACCOUNT_MSG.passwordWrong)).toBeTruthy();

    await user.clear(within(modal).getByLabelText(WEB_TEXT.reauthPassword));
    await user.type(within(modal).getByLabelText(WEB_TEXT.reauthPassword), PASSWORD);
    await user.click(within(modal).getByRole('button', { name: WEB_TEXT.reauthConfirm }));

    expect(await screen.findByText(SERVER_MSG.passwordChanged)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(ADMIN_ROUTE.home));
    expect(store.getState().auth.isAuth).toBe(false);
    expect(server.calls(ACCOUNT_API.reauth).map((r) => r.body)).toEqual([
      { password: 'not-it' },
      { password: PASSWORD },
    ]);
    // the original call, made again once confirmed, as it was
    expect(server.calls(AUTH_API.changePassword).map((r) => r.body)).toEqual([
      { newPassword: 'brand-new-pass' },
      { newPassword: 'brand-new-pass' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancelled, leaves the screen as it was, with no error toast', async () => {
    const user = userEvent.setup();
    const server = confirmingServer();
    await signInWith(server);
    const { router } = renderAdmin(ADMIN_ROUTE.changePassword);

    await user.type(await screen.findByLabelText('Enter New Password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await user.click(within(await dialog()).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Update Password' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByText(ACCOUNT_MSG.reauthRequired)).toBeNull();
    expect((screen.getByLabelText('Enter New Password') as HTMLInputElement).value).toBe('brand-new-pass');
    expect(router.state.location.pathname).toBe(ADMIN_ROUTE.changePassword);
    expect(store.getState().auth.isAuth).toBe(true);
    expect(server.calls(AUTH_API.changePassword)).toHaveLength(1);
    expect(server.calls(ACCOUNT_API.reauth)).toHaveLength(0);
  });

  it('takes a code from the app when the member has two-factor sign-in on', async () => {
    const user = userEvent.setup();
    const server = confirmingServer(true);
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.changePassword);

    await user.type(await screen.findByLabelText('Enter New Password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    const modal = await dialog();
    await user.click(await within(modal).findByRole('button', { name: WEB_TEXT.reauthUseCode }));
    await user.type(within(modal).getByLabelText(WEB_TEXT.reauthCode), CODE);
    await user.click(within(modal).getByRole('button', { name: WEB_TEXT.reauthConfirm }));

    expect(await screen.findByText(SERVER_MSG.passwordChanged)).toBeTruthy();
    expect(server.calls(ACCOUNT_API.reauth).map((r) => r.body)).toEqual([{ code: CODE }]);
  });

  it('the Account page makes new recovery codes once the member confirms it is them', async () => {
    const user = userEvent.setup();
    const codes = Array.from({ length: 10 }, (_, i) => `abcde-2345${i}`);
    const server = confirmingServer(true)
      .on(ACCOUNT_API.sessions, { status: API_STATUS.ok, message: 'Sessions', data: [] })
      .on(ACCOUNT_API.recoveryCodes, () =>
        server.calls(ACCOUNT_API.reauth).length > 0
          ? { status: API_STATUS.ok, message: ACCOUNT_MSG.recoveryCodesRenewed, data: { recoveryCodes: codes } }
          : REFUSED,
      );
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.account);

    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const modal = await dialog();
    await user.type(within(modal).getByLabelText(WEB_TEXT.reauthPassword), PASSWORD);
    await user.click(within(modal).getByRole('button', { name: WEB_TEXT.reauthConfirm }));

    const shown = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(codes);
    expect(server.calls(ACCOUNT_API.recoveryCodes)).toHaveLength(2);
  });

  it('serves every call refused at once with one modal, downloads included, each made again once', async () => {
    const user = userEvent.setup();
    const server = confirmingServer();
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.dashboard);
    await screen.findByRole('heading', { level: 1 });

    const change = request(AUTH_API.changePassword.path, { method: 'POST', body: { newPassword: 'brand-new-pass' } });
    const download = requestBlob(PRIVACY_API.subjectExport.path, { method: 'POST', body: { email: 'a@example.test' } });
    const modal = await dialog();
    await waitFor(() => expect(server.calls(PRIVACY_API.subjectExport)).toHaveLength(1));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.type(within(modal).getByLabelText(WEB_TEXT.reauthPassword), PASSWORD);
    await user.click(within(modal).getByRole('button', { name: WEB_TEXT.reauthConfirm }));

    expect(await change).toEqual({ status: API_STATUS.ok, message: SERVER_MSG.passwordChanged });
    expect(await download).toBeInstanceOf(Blob);
    expect(server.calls(ACCOUNT_API.reauth)).toHaveLength(1);
    expect(server.calls(AUTH_API.changePassword)).toHaveLength(2);
    expect(server.calls(PRIVACY_API.subjectExport)).toHaveLength(2);
  });
});
