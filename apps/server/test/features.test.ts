import { FEATURES_CONTRACTS, FEATURES_MSG, ROLE, ROLES } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { STRIPE_KEY } from './stripe-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const FEATURES = '/api/admin/features';

/** GET /api/admin/features: what the admin may show, read from the installation's settings. */
describeEachDialect('features', (dialect) => {
  let bare: TestApp;
  let full: TestApp;
  let bareMembers: Member[];
  let fullAdmin: Member;

  beforeAll(async () => {
    bare = await buildTestApp(dialect);
    // a mailbox nobody reads in this test (the reader is off), and Stripe's key: both parts set up
    full = await buildTestApp(dialect, {
      INBOUND_IMAP_URL: 'imap://desk:secret@127.0.0.1:1/INBOX',
      STRIPE_SECRET_KEY: STRIPE_KEY,
    });
    bareMembers = await Promise.all(ROLES.map((role) => createMember(bare, role)));
    fullAdmin = await createMember(full, ROLE.Admin);
  });
  afterAll(async () => {
    await bare.close();
    await full.close();
  });

  it('says neither part is set up without a mailbox or a Stripe key, to every staff type', async () => {
    for (const member of bareMembers) {
      const res = await api(bare, FEATURES_CONTRACTS.features, {}, member);
      expect(res.statusCode, member.type).toBe(200);
      expect(res.json()).toEqual({ status: 1, message: FEATURES_MSG.listed, data: { mailbox: false, stripe: false } });
    }
  });

  it('says both are set up when INBOUND_IMAP_URL and STRIPE_SECRET_KEY are set', async () => {
    const res = await api(full, FEATURES_CONTRACTS.features, {}, fullAdmin);
    expect(res.json()).toEqual({ status: 1, message: FEATURES_MSG.listed, data: { mailbox: true, stripe: true } });
  });

  it('answers only a signed-in member (401 otherwise)', async () => {
    const res = await bare.app.inject({ method: 'GET', url: FEATURES });
    expect(res.statusCode).toBe(401);
  });
});
