import {
  ADMIN_ROUTE,
  API_STATUS,
  FEATURE_OFF,
  FEATURES_API,
  type Features,
  INBOX_API,
  PROCESSOR_API,
  SCREENS,
} from '@eta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { featuresReply, staffServer } from '../../test/fakeServer.ts';
import { TEAM_MEMBER } from '../../test/fixtures.ts';
import { featuresKnown, renderAdmin, signInWith } from '../../test/renderAdmin.tsx';

/**
 * Screens that need a part set up (DESIGN §25 the mailbox, §26 Stripe): the sidebar lists them only
 * when the server says the part is on, and their addresses say so in staff's terms when it is off.
 */
const summary = (enabled: boolean) => ({
  status: API_STATUS.ok,
  message: 'Refunds',
  data: { enabled, refunds_failed: 2, fraud_warnings_open: 1, key_refused_at: null },
});

function serverWith(features: Partial<Features>) {
  return staffServer(TEAM_MEMBER)
    .on(FEATURES_API.features, featuresReply(features))
    .on(PROCESSOR_API.summary, summary(features.stripe !== false));
}

/** The sidebar's labels once the server's answer about features is in. */
async function menuLabels(): Promise<string[]> {
  await featuresKnown();
  const menu = await screen.findByRole('navigation', { name: 'Main menu' });
  // the folder counts load apart: compare labels only
  return within(menu)
    .getAllByRole('link')
    .map((link) => link.textContent?.replace(/\d+$/, '').trim() ?? '');
}

/** An environment variable's name (STRIPE_SECRET_KEY, INBOUND_IMAP_URL): operators' words, never staff's. */
const SETTING_NAME = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/;

describe('screens that need a part set up', () => {
  it('without a mailbox or Stripe: no Unmatched Mail, Fraud Warnings or Failed Refunds in the menu, no Stripe tiles; Mail Templates stays', async () => {
    const server = serverWith({ mailbox: false, stripe: false });
    await signInWith(server);
    renderAdmin(ADMIN_ROUTE.dashboard);
    const labels = await menuLabels();
    expect(labels).toContain(SCREENS.mailTemplates.label);
    expect(labels).toContain(SCREENS.disputes.label);
    expect(labels).not.toContain(SCREENS.unmatchedMail.label);
    expect(labels).not.toContain(SCREENS.fraudWarnings.label);
    expect(labels).not.toContain(SCREENS.failedRefunds.label);
    // the processor figures have been answered (enabled: false): no tile for them
    await waitFor(() => expect(server.calls(PROCESSOR_API.summary).length).toBeGreaterThan(0));
    await screen.findByTestId('count-disputes-due');
    expect(screen.queryByTestId('count-refunds-failed')).toBeNull();
    expect(screen.queryByTestId('count-fraud-warnings')).toBeNull();
  });

  it('with both set up: each listed beside its folder, and the Stripe tiles shown', async () => {
    await signInWith(serverWith({ mailbox: true, stripe: true }));
    renderAdmin(ADMIN_ROUTE.dashboard);
    expect((await screen.findByTestId('count-refunds-failed')).textContent).toBe('2');
    expect((await screen.findByTestId('count-fraud-warnings')).textContent).toBe('1');
    const labels = await menuLabels();
    expect(labels[labels.indexOf(SCREENS.unmatchedMail.label) + 1]).toBe(SCREENS.mailTemplates.label);
    expect(labels[labels.indexOf('Awaiting Customer') + 1]).toBe(SCREENS.unmatchedMail.label);
    expect(labels[labels.indexOf('Refunds') + 1]).toBe(SCREENS.failedRefunds.label);
    expect(labels[labels.indexOf(SCREENS.disputes.label) + 1]).toBe(SCREENS.fraudWarnings.label);
  });

  it('only the part that is off is hidden: a mailbox without Stripe lists Unmatched Mail alone', async () => {
    await signInWith(serverWith({ mailbox: true, stripe: false }));
    renderAdmin(ADMIN_ROUTE.dashboard);
    const labels = await menuLabels();
    expect(labels).toContain(SCREENS.unmatchedMail.label);
    expect(labels).not.toContain(SCREENS.fraudWarnings.label);
    expect(labels).not.toContain(SCREENS.failedRefunds.label);
  });

  const opened = [
    { screen: SCREENS.unmatchedMail, feature: 'mailbox', list: INBOX_API.inbound },
    { screen: SCREENS.fraudWarnings, feature: 'stripe', list: PROCESSOR_API.fraudWarnings },
    { screen: SCREENS.failedRefunds, feature: 'stripe', list: PROCESSOR_API.refunds },
  ] as const;
  for (const { screen: def, feature, list } of opened) {
    it(`${def.label} opened by its address with its part off says so, in staff's terms, and lists nothing`, async () => {
      const server = serverWith({ [feature]: false });
      await signInWith(server);
      renderAdmin(def.path);
      expect(await screen.findByRole('heading', { level: 1, name: def.title })).toBeTruthy();
      const notice = await screen.findByTestId('not-configured');
      expect(within(notice).getByRole('heading', { name: FEATURE_OFF[feature].title })).toBeTruthy();
      expect(notice.textContent).toContain(FEATURE_OFF[feature].text);
      expect(notice.textContent).not.toMatch(SETTING_NAME);
      expect(server.calls(list)).toHaveLength(0);
    });
  }
});
