import { ACCOUNT_API, ACCOUNT_MSG, ADMIN_ROUTE, API_STATUS, AUTH_API, encodeOrderRef, SERVER_MSG } from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signInShown } from '../../../store/authSlice.ts';
import { store } from '../../../store/index.ts';
import { staffServer, tokenFor } from '../../../test/fakeServer.ts';
import { TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';

/** DESIGN §17's sign-in in two steps, and Logout, through the real screens against a fake server. */
const CHALLENGE = 'challenge-token-from-the-password-step';

function twoStepServer() {
  return staffServer(TEAM_MEMBER)
    .on(AUTH_API.login, {
      status: API_STATUS.ok,
      message: ACCOUNT_MSG.enterCode,
      data: { twoFactorRequired: true, challenge: CHALLENGE },
    })
    .on(ACCOUNT_API.verifyLogin, (request) => {
      const { code } = request.body as { code: string };
      if (code !== '123456')
        return {
          http: 400,
          envelope: {
            status: API_STATUS.fail,
            message: ACCOUNT_MSG.codeWrong,
            data: { errors: { code: ACCOUNT_MSG.codeWrong } },
          },
        };
      return { status: API_STATUS.ok, message: SERVER_MSG.loginOk, data: { jwtToken: tokenFor(TEAM_MEMBER) } };
    });
}

async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email ID'), TEAM_MEMBER.email);
  await user.type(screen.getByLabelText('Password', { exact: true }), 'secret-password');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('two-factor sign-in', () => {
  it('asks for the code in place, shows a wrong code under the field, and signs in with the right one', async () => {
    const user = userEvent.setup();
    const server = twoStepServer().serve();
    const { router } = renderAdmin(ADMIN_ROUTE.home);

    await passwordStep(user);
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(ADMIN_ROUTE.home);

    await user.type(screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findAllByText(ACCOUNT_MSG.codeWrong)).not.toHaveLength(0);
    expect(server.calls(ACCOUNT_API.verifyLogin).at(-1)?.body).toEqual({ challenge: CHALLENGE, code: '000000' });

    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(ADMIN_ROUTE.dashboard));
    expect(server.calls(ACCOUNT_API.verifyLogin).at(-1)?.body).toEqual({ challenge: CHALLENGE, code: '123456' });
  });

  it('lands on the order a signed-out member opened, once the code is right', async () => {
    const user = userEvent.setup();
    twoStepServer().serve();
    // a fresh tab: the previous test's sign-out (renderAdmin's clean-up) is not this member's
    store.dispatch(signInShown());
    const orderPath = `${ADMIN_ROUTE.viewOrder}/${encodeOrderRef('UKETA-4M7Q2Z')}`;
    const { router } = renderAdmin(orderPath);

    await passwordStep(user);
    await user.type(await screen.findByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(orderPath));
  });
});

describe('Logout', () => {
  it('ends the session on the server first, then returns to the sign-in screen', async () => {
    const user = userEvent.setup();
    const server = staffServer(TEAM_MEMBER).on(ACCOUNT_API.logout, { status: API_STATUS.ok, message: 'Logged out' });
    await signInWith(server);
    const { router } = renderAdmin(ADMIN_ROUTE.dashboard);

    await user.click(await screen.findByRole('button', { name: /Welcome Tara Team/ }));
    const menu = (await screen.findByText(TEAM_MEMBER.email)).closest('.dropdown-menu') as HTMLElement;
    await user.click(within(menu).getByText('Logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe(ADMIN_ROUTE.home));
    expect(server.calls(ACCOUNT_API.logout)).toHaveLength(1);
    expect(server.calls(ACCOUNT_API.logout)[0]?.authorization).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });
});
