import { ADMIN_ROUTE, API_STATUS, FRAUD_MSG, type FraudWarningRecord, PROCESSOR_API } from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { filled, staffServer } from '../../../test/fakeServer.ts';
import { TEAM_MEMBER } from '../../../test/fixtures.ts';
import { renderAdmin, signInWith } from '../../../test/renderAdmin.tsx';

/** The Fraud warnings screen (DESIGN §26), rendered whole against a fake server. */
const warning = (overrides: Partial<FraudWarningRecord> & Pick<FraudWarningRecord, 'id'>): FraudWarningRecord => ({
  processor_warning_id: `issfr_${overrides.id}`,
  order_id: `UKETA-W${overrides.id}`,
  charge_ref: `ch_${overrides.id}`,
  fraud_type: 'made_with_stolen_card',
  actionable: true,
  warned_at: '2026-11-20T10:00:00.000Z',
  state: 'open',
  keep_reason: null,
  decided_by_name: null,
  decided_at: null,
  never_downloaded: false,
  ...overrides,
});

const listed = (data: FraudWarningRecord[]) => ({ status: API_STATUS.ok, message: FRAUD_MSG.listed, data });
const row = (id: number) => screen.findByTestId(`fraud-warning-${id}`);
const buttonsOf = (tr: HTMLElement) => within(tr).getAllByRole('button');

describe('Fraud warnings (DESIGN §26)', () => {
  it('lists each warning with its order, charge, reason, date and download, Refund now first and primary when never downloaded', async () => {
    const server = staffServer(TEAM_MEMBER).on(
      PROCESSOR_API.fraudWarnings,
      listed([warning({ id: 1, never_downloaded: true }), warning({ id: 2, fraud_type: 'card_never_received' })]),
    );
    const refundCall = filled(PROCESSOR_API.refundWarning, { id: '1' });
    server.on(refundCall, {
      status: API_STATUS.ok,
      message: FRAUD_MSG.refunded,
      data: warning({ id: 1, never_downloaded: true, state: 'refunded' }),
    });
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.fraudWarnings);

    const never = await row(1);
    expect(within(never).getByRole('link', { name: 'UKETA-W1' }).getAttribute('href')).toMatch(
      new RegExp(`^${ADMIN_ROUTE.viewOrder}/`),
    );
    expect(within(never).getByText('ch_1')).toBeTruthy();
    expect(within(never).getByText('Made with stolen card')).toBeTruthy();
    expect(within(never).getByText('20-11-2026')).toBeTruthy();
    expect(within(never).getByText('Never downloaded')).toBeTruthy();
    const [first, second] = buttonsOf(never);
    expect(first?.textContent).toBe('Refund now');
    expect(first?.className).toMatch(/\bbtn-primary\b/);
    expect(second?.textContent).toBe('Keep');

    // Downloaded: the download log is evidence, so Keep comes first and Refund now is not primary.
    const downloaded = await row(2);
    expect(within(downloaded).getByText('Downloaded')).toBeTruthy();
    expect(within(downloaded).getByText('Card never received')).toBeTruthy();
    expect(buttonsOf(downloaded).map((b) => b.textContent)).toEqual(['Keep', 'Refund now']);
    expect(within(downloaded).getByRole('button', { name: 'Refund now' }).className).not.toMatch(/\bbtn-primary\b/);
    // Only open warnings are asked for at first.
    expect(server.calls(PROCESSOR_API.fraudWarnings)[0]?.query.get('state')).toBe('open');

    // One click refunds it.
    await userEvent.setup().click(first as HTMLElement);
    await waitFor(() => expect(server.calls(refundCall)).toHaveLength(1));
  });

  it('asks a reason before Keep, sends it, and shows the API refusal when the warning was already dealt with', async () => {
    const user = userEvent.setup();
    const server = staffServer(TEAM_MEMBER).on(PROCESSOR_API.fraudWarnings, listed([warning({ id: 3 })]));
    const keepCall = filled(PROCESSOR_API.keepWarning, { id: '3' });
    server.on(keepCall, {
      status: API_STATUS.ok,
      message: FRAUD_MSG.kept,
      data: warning({ id: 3, state: 'kept', keep_reason: 'Regular customer' }),
    });
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.fraudWarnings);

    await user.click(within(await row(3)).getByRole('button', { name: 'Keep' }));
    const dialog = await screen.findByRole('dialog');
    // No reason: said under the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Keep, no refund' }));
    expect(await within(dialog).findByText('reason is required.')).toBeTruthy();
    expect(server.calls(keepCall)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Why keep it (no refund)?'), 'Regular customer');
    await user.click(within(dialog).getByRole('button', { name: 'Keep, no refund' }));
    await waitFor(() => expect(server.calls(keepCall)).toHaveLength(1));
    expect(server.calls(keepCall)[0]?.body).toEqual({ reason: 'Regular customer' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Kept again by someone else meanwhile: the server's 409 message is shown, the dialog stays.
    server.on(keepCall, { http: 409, envelope: { status: API_STATUS.fail, message: FRAUD_MSG.decided } });
    await user.click(within(await row(3)).getByRole('button', { name: 'Keep' }));
    const again = await screen.findByRole('dialog');
    await user.type(within(again).getByLabelText('Why keep it (no refund)?'), 'Still fine');
    await user.click(within(again).getByRole('button', { name: 'Keep, no refund' }));
    expect(await within(again).findByText(FRAUD_MSG.decided)).toBeTruthy();
  });

  it('shows the API message when Refund now is refused', async () => {
    const server = staffServer(TEAM_MEMBER)
      .on(PROCESSOR_API.fraudWarnings, listed([warning({ id: 4, never_downloaded: true })]))
      .on(filled(PROCESSOR_API.refundWarning, { id: '4' }), {
        http: 409,
        envelope: { status: API_STATUS.fail, message: FRAUD_MSG.decided },
      });
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.fraudWarnings);
    await userEvent.setup().click(within(await row(4)).getByRole('button', { name: 'Refund now' }));
    expect((await screen.findByRole('alert')).textContent).toContain(FRAUD_MSG.decided);
  });

  it('is reached from the dashboard tile and from the sidebar, right after Disputes', async () => {
    const server = staffServer(TEAM_MEMBER)
      .on(PROCESSOR_API.summary, {
        status: API_STATUS.ok,
        message: 'Processor summary',
        data: { enabled: true, refunds_failed: 0, fraud_warnings_open: 1, key_refused_at: null },
      })
      .on(PROCESSOR_API.fraudWarnings, listed([warning({ id: 5 })]));
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.dashboard);
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const labels = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent?.trim());
    expect(labels[labels.indexOf('Disputes') + 1]).toBe('Fraud Warnings');

    const tile = (await screen.findByTestId('count-fraud-warnings')).closest('a') as HTMLElement;
    expect(within(tile).getByTestId('count-fraud-warnings').textContent).toBe('1');
    await userEvent.setup().click(tile);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fraud Warnings' })).toBeTruthy();
    expect(await row(5)).toBeTruthy();
  });
});
