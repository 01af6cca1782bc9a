import {
  ADMIN_ROUTE,
  API_STATUS,
  CLAIM_MSG,
  CLAIMS_API,
  claimsReleasedMessage,
  encodeId,
  ROLE,
  releaseClaimsConfirm,
  TEAM_API,
  type TeamMemberRecord,
  type TokenUser,
} from '@eta/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { staffServer } from '../../../test/fakeServer.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';

/** DESIGN §18 "Release claims" in Manage Team, against a fake server. */
const MANAGER: TokenUser = { id: 3, name: 'Mark Manager', email: 'mark@example.test', type: ROLE.Manager };
const member = (id: number, name: string, type: string): TeamMemberRecord => ({
  id: encodeId(id),
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.test`,
  type,
  created_at: '2026-01-01T00:00:00.000Z',
  two_factor_enabled: false,
});
const TARA = member(7, 'Tara Team', ROLE.Team);
const OTTO = member(9, 'Otto Admin', ROLE.Admin);

describe('Release claims', () => {
  it('asks, naming the member, then releases and shows how many went back', async () => {
    const user = userEvent.setup();
    const server = staffServer(MANAGER)
      .on(TEAM_API.list, {
        status: API_STATUS.ok,
        message: 'Team members',
        data: [member(3, 'Mark Manager', ROLE.Manager), TARA, OTTO],
      })
      .on(CLAIMS_API.releaseClaims, {
        status: API_STATUS.ok,
        message: claimsReleasedMessage(2, 'Tara Team'),
        data: { released: 2, orderIds: ['UKETA-000001', 'UKETA-000002'] },
      });
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.manageTeam);

    const row = (await screen.findByText('Tara Team')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'More for Tara Team' }));
    await user.click(await screen.findByRole('button', { name: CLAIM_MSG.releaseClaimsAction }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(releaseClaimsConfirm('Tara Team'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: CLAIM_MSG.releaseClaimsAction }));

    expect(await screen.findByText(claimsReleasedMessage(2, 'Tara Team'))).toBeTruthy();
    expect(server.calls(CLAIMS_API.releaseClaims).map((r) => r.body)).toEqual([{ teamMemberId: TARA.id }]);
  });

  it('offers a Manager nothing on an Admin’s row', async () => {
    const server = staffServer(MANAGER).on(TEAM_API.list, {
      status: API_STATUS.ok,
      message: 'Team members',
      data: [TARA, OTTO],
    });
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.manageTeam);
    const row = (await screen.findByText('Otto Admin')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'More for Otto Admin' })).toBeNull();
  });
});
