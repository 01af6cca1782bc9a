import {
  ACCOUNT_CONTRACTS,
  ACCOUNT_MSG,
  AUTH_CONTRACTS,
  encodeId,
  GATEWAY_CONTRACTS,
  PRIVACY_CONTRACTS,
  REAUTH_MINUTES,
  ROLE,
  SERVER_MSG,
  STATUS,
  TEAM_CONTRACTS,
} from '@eta/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsOn, MINUTE, START } from './accounts-fixtures.ts';
import { api } from './api-client.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { finishedOrder } from './privacy-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const REFUSED = { status: 0, message: ACCOUNT_MSG.reauthRequired, data: { reauthRequired: true } };

/** One route that asks for a fresh confirmation: a caller ready to call it, and what its success looks like. */
interface Case {
  name: string;
  /** a member (and whatever the call needs) for one successful call */
  prepare(): Promise<{ caller: Member; send(): Promise<LightMyRequestResponse> }>;
  succeeded(res: LightMyRequestResponse): void;
}

/** "Confirm it is you" (DESIGN §22): each route that asks for it, and for how long a confirmation holds. */
describeEachDialect('routes that ask to confirm it is you', (dialect) => {
  let t: TestApp;
  let a: ReturnType<typeof accountsOn>;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY }, { clockStart: START });
    a = accountsOn(t);
  });
  afterAll(() => t.close());
  // the app is built in beforeAll: these reach it when called
  const advance = (ms: number) => a.advance(ms);
  const codeFor = (secret: string) => a.codeFor(secret);
  const byPassword = (member: Member) => a.byPassword(member);
  const enrolled = () => a.enrolled();

  const ok = (res: LightMyRequestResponse) => expect(res.json()).toMatchObject({ status: 1 });

  const CASES: Case[] = [
    {
      name: 'change-password',
      prepare: async () => {
        const caller = await createMember(t, ROLE.Telecaller);
        return {
          caller,
          send: () => api(t, AUTH_CONTRACTS.changePassword, { body: { newPassword: 'Changed#456' } }, caller),
        };
      },
      succeeded: (res) => expect(res.json()).toEqual({ status: 1, message: SERVER_MSG.passwordChanged }),
    },
    {
      name: '2fa/disable',
      prepare: async () => {
        const caller = await enrolled();
        return {
          caller,
          send: async () =>
            api(t, ACCOUNT_CONTRACTS.disableTwoFactor, { body: { code: await codeFor(caller.secret) } }, caller),
        };
      },
      succeeded: (res) => expect(res.json()).toEqual({ status: 1, message: ACCOUNT_MSG.twoFactorOff }),
    },
    {
      name: '2fa/recovery-codes',
      prepare: async () => {
        const caller = await enrolled();
        return { caller, send: () => api(t, ACCOUNT_CONTRACTS.recoveryCodes, {}, caller) };
      },
      succeeded: (res) => expect(res.json().data.recoveryCodes).toHaveLength(10),
    },
    {
      name: 'erase',
      prepare: async () => {
        const caller = await createMember(t, ROLE.Admin);
        const order = await finishedOrder(t, caller.token, STATUS.New);
        return {
          caller,
          send: () =>
            api(t, PRIVACY_CONTRACTS.erase, { params: { orderId: order.orderId }, body: { reason: 'Asked' } }, caller),
        };
      },
      succeeded: ok,
    },
    {
      name: 'subject-export',
      prepare: async () => {
        const caller = await createMember(t, ROLE.Admin);
        const order = await finishedOrder(t, caller.token);
        return {
          caller,
          send: () => api(t, PRIVACY_CONTRACTS.subjectExport, { body: { email: order.email } }, caller),
        };
      },
      succeeded: (res) => {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/zip');
      },
    },
    {
      name: 'payment-gateway-setting',
      prepare: async () => {
        const caller = await createMember(t, ROLE.Manager);
        const list = (await api(t, GATEWAY_CONTRACTS.list, {}, caller)).json().data;
        const next = list.find((g: { is_secondary_domain: number; is_active: string }) => g.is_active === '0');
        return {
          caller,
          send: () =>
            api(
              t,
              GATEWAY_CONTRACTS.activate,
              { body: { gatewayDetails: { gatewayId: next!.id, isSecondaryDomain: next!.is_secondary_domain } } },
              caller,
            ),
        };
      },
      succeeded: ok,
    },
    {
      name: 'add-team-member (an Admin)',
      prepare: async () => {
        const caller = await createMember(t, ROLE.Admin);
        const email = `new-admin-${caller.id}@example.test`;
        return {
          caller,
          send: () =>
            api(
              t,
              TEAM_CONTRACTS.add,
              { body: { name: 'New Admin', email, password: 'Start#123', type: ROLE.Admin } },
              caller,
            ),
        };
      },
      succeeded: (res) => expect(res.statusCode).toBe(201),
    },
    {
      name: 'update-team-member (making an Admin)',
      prepare: async () => {
        const caller = await createMember(t, ROLE.Admin);
        const member = await createMember(t, ROLE.Team);
        const body = { tmId: encodeId(member.id), name: member.name, email: member.email, type: ROLE.Admin };
        return { caller, send: () => api(t, TEAM_CONTRACTS.update, { body }, caller) };
      },
      succeeded: ok,
    },
    {
      name: 'update-team-member (changing an Admin)',
      prepare: async () => {
        const caller = await createMember(t, ROLE.Admin);
        const member = await createMember(t, ROLE.Admin);
        const body = { tmId: encodeId(member.id), name: 'Renamed Admin', email: member.email, type: ROLE.Admin };
        return { caller, send: () => api(t, TEAM_CONTRACTS.update, { body }, caller) };
      },
      succeeded: ok,
    },
  ];

  describe.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    it('answers 403 reauthRequired without a confirmation', async () => {
      const { send } = await c.prepare();
      const res = await send();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(REFUSED);
    });

    it(`passes with a confirmation made up to ${REAUTH_MINUTES} minutes before`, async () => {
      const { caller, send } = await c.prepare();
      expect((await byPassword(caller)).statusCode).toBe(200);
      advance(REAUTH_MINUTES * MINUTE - 30_000);
      c.succeeded(await send());
    });

    it(`asks again once ${REAUTH_MINUTES} minutes have passed`, async () => {
      const { caller, send } = await c.prepare();
      expect((await byPassword(caller)).statusCode).toBe(200);
      advance(REAUTH_MINUTES * MINUTE);
      const res = await send();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(REFUSED);
      expect((await byPassword(caller)).statusCode).toBe(200);
      c.succeeded(await send());
    });
  });

  it('asks nothing to add or change a member who is not an Admin', async () => {
    const admin = await createMember(t, ROLE.Admin);
    const added = await api(
      t,
      TEAM_CONTRACTS.add,
      { body: { name: 'Plain Member', email: 'plain.member@example.test', password: 'Start#123', type: ROLE.Manager } },
      admin,
    );
    expect(added.statusCode).toBe(201);
    const renamed = await api(
      t,
      TEAM_CONTRACTS.update,
      {
        body: {
          tmId: added.json().data.id,
          name: 'Plain Renamed',
          email: 'plain.member@example.test',
          type: ROLE.Team,
        },
      },
      admin,
    );
    expect(renamed.statusCode).toBe(200);
  });
});
