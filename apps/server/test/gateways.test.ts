import {
  decodeId,
  encodeId,
  GATEWAY_CONTRACTS,
  MSG,
  type PaymentGatewayRecord,
  ROLE,
  type Role,
  SERVER_MSG,
} from '@eta/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, reauth, type TestApp } from './test-app.ts';

const OTHER_DOMAIN = 'This gateway belongs to the other domain.';
const SECONDARY_INVALID = 'isSecondaryDomain must be 0 or 1.';

function expectBadInput(res: LightMyRequestResponse, field: string, message: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ status: 0, message, data: { errors: { [field]: message } } });
}

const activeOf = (all: PaymentGatewayRecord[], secondary: 0 | 1) =>
  all.filter((g) => g.is_secondary_domain === secondary && g.is_active === '1');

describeEachDialect('payment gateways', (dialect) => {
  let t: TestApp;
  let admin: Member;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await createMember(t, ROLE.Admin);
    await reauth(t, admin.token);
  });
  afterAll(() => t.close());

  async function list(): Promise<PaymentGatewayRecord[]> {
    const res = await api(t, GATEWAY_CONTRACTS.list, {}, admin);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }
  const activate = (gatewayDetails: unknown, token: string = admin.token) =>
    api.raw(t, GATEWAY_CONTRACTS.activate, { body: { gatewayDetails } }, token);
  /** a gateway of the domain that is not its active one */
  async function inactiveOf(secondary: 0 | 1): Promise<PaymentGatewayRecord> {
    const gateway = (await list()).find((g) => g.is_secondary_domain === secondary && g.is_active === '0');
    if (!gateway) throw new Error('every domain is seeded with several gateways');
    return gateway;
  }

  describe('listing', () => {
    it('lists every configured gateway for both domains, with encoded ids', async () => {
      const res = await api(t, GATEWAY_CONTRACTS.list, {}, admin);
      expect(res.json().status).toBe(1);
      const all: PaymentGatewayRecord[] = res.json().data;
      for (const secondary of [0, 1] as const) {
        const names = all.filter((g) => g.is_secondary_domain === secondary).map((g) => g.gateway_name);
        expect(names.sort()).toEqual([...t.config.gatewayNames].sort());
      }
      for (const g of all) {
        expect(Object.keys(g).sort()).toEqual(['gateway_name', 'id', 'is_active', 'is_secondary_domain']);
        expect(decodeId(g.id)).toEqual(expect.any(Number));
        expect(['0', '1']).toContain(g.is_active);
      }
    });

    it('starts with exactly one active gateway per domain', async () => {
      const all = await list();
      expect(activeOf(all, 0)).toHaveLength(1);
      expect(activeOf(all, 1)).toHaveLength(1);
    });
  });

  describe('activating', () => {
    it('switches the primary domain to the chosen gateway, leaving exactly one active and the other domain alone', async () => {
      const chosen = await inactiveOf(0);
      const secondaryBefore = activeOf(await list(), 1);
      const res = await activate({ gatewayId: chosen.id, isSecondaryDomain: 0 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 1, data: { ...chosen, is_active: '1' } });
      const all = await list();
      expect(activeOf(all, 0)).toEqual([{ ...chosen, is_active: '1' }]);
      expect(activeOf(all, 1)).toEqual(secondaryBefore);
    });

    it('switches the secondary domain, with isSecondaryDomain sent as the string "1"', async () => {
      const chosen = await inactiveOf(1);
      const primaryBefore = activeOf(await list(), 0);
      const res = await activate({ gatewayId: chosen.id, isSecondaryDomain: '1' });
      expect(res.statusCode).toBe(200);
      const all = await list();
      expect(activeOf(all, 1).map((g) => g.id)).toEqual([chosen.id]);
      expect(activeOf(all, 0)).toEqual(primaryBefore);
    });

    it('activating the gateway that is already active keeps it the only active one', async () => {
      const [current] = activeOf(await list(), 0);
      const res = await activate({ gatewayId: current?.id, isSecondaryDomain: 0 });
      expect(res.statusCode).toBe(200);
      expect(activeOf(await list(), 0)).toEqual([current]);
    });

    it.each([0, 1] as const)(
      'refuses a gateway of the other domain (sent as domain %s) and changes nothing',
      async (sentAs) => {
        const other = await inactiveOf(sentAs === 0 ? 1 : 0);
        const before = await list();
        expectBadInput(
          await activate({ gatewayId: other.id, isSecondaryDomain: sentAs }),
          'gatewayDetails.gatewayId',
          OTHER_DOMAIN,
        );
        expect(await list()).toEqual(before);
      },
    );

    it('lets a Manager switch a gateway too', async () => {
      const manager = await createMember(t, ROLE.Manager);
      await reauth(t, manager.token);
      const chosen = await inactiveOf(0);
      expect((await api(t, GATEWAY_CONTRACTS.list, {}, manager)).statusCode).toBe(200);
      expect((await activate({ gatewayId: chosen.id, isSecondaryDomain: 0 }, manager.token)).statusCode).toBe(200);
      expect(activeOf(await list(), 0).map((g) => g.id)).toEqual([chosen.id]);
    });
  });

  describe('bad input', () => {
    it.each([
      ['gatewayDetails missing', undefined, 'gatewayDetails', MSG.gatewayRequired],
      ['gatewayId missing', { isSecondaryDomain: 0 }, 'gatewayDetails.gatewayId', MSG.gatewayRequired],
      [
        'gatewayId empty (Select Gateway)',
        { gatewayId: '', isSecondaryDomain: 0 },
        'gatewayDetails.gatewayId',
        MSG.gatewayRequired,
      ],
      [
        'gatewayId undecodable',
        { gatewayId: 'abc', isSecondaryDomain: 0 },
        'gatewayDetails.gatewayId',
        MSG.gatewayRequired,
      ],
      [
        'gatewayId of an odd number',
        { gatewayId: btoa('3'), isSecondaryDomain: 0 },
        'gatewayDetails.gatewayId',
        MSG.gatewayRequired,
      ],
      ['isSecondaryDomain missing', { gatewayId: encodeId(1) }, 'gatewayDetails.isSecondaryDomain', SECONDARY_INVALID],
      [
        'isSecondaryDomain 2',
        { gatewayId: encodeId(1), isSecondaryDomain: 2 },
        'gatewayDetails.isSecondaryDomain',
        SECONDARY_INVALID,
      ],
    ])('refuses %s with 400 and changes nothing', async (_label, details, field, message) => {
      const before = await list();
      expectBadInput(await activate(details), field, message);
      expect(await list()).toEqual(before);
    });

    it('refuses an unknown field with 400', async () => {
      const chosen = await inactiveOf(0);
      const res = await activate({ gatewayId: chosen.id, isSecondaryDomain: 0, force: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe(0);
      expect((await list()).find((g) => g.id === chosen.id)?.is_active).toBe('0');
    });

    it('answers 404 for a valid id no gateway has', async () => {
      const res = await activate({ gatewayId: encodeId(987_654), isSecondaryDomain: 0 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 0, message: SERVER_MSG.gatewayNotFound });
    });
  });

  describe('access', () => {
    const sendTo = async (route: 'list' | 'setting', token: string | null) =>
      route === 'list'
        ? api(t, GATEWAY_CONTRACTS.list, {}, token)
        : api(
            t,
            GATEWAY_CONTRACTS.activate,
            { body: { gatewayDetails: { gatewayId: (await inactiveOf(0)).id, isSecondaryDomain: 0 } } },
            token,
          );

    it.each([
      ['list', 'no token', null],
      ['list', 'a garbage token', 'garbage'],
      ['setting', 'no token', null],
      ['setting', 'a garbage token', 'garbage'],
    ] as const)('%s with %s answers 401 with status 401', async (route, _label, token) => {
      const res = await sendTo(route, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, message: SERVER_MSG.unauthorized });
    });

    describe.each([ROLE.Team, ROLE.Telecaller, ROLE.NightStaff])('as %s', (role: Role) => {
      let actor: Member;
      beforeAll(async () => {
        actor = await createMember(t, role);
      });

      it.each(['list', 'setting'] as const)('%s answers 403 and changes nothing', async (route) => {
        const before = await list();
        const res = await sendTo(route, actor.token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ status: 0, message: SERVER_MSG.forbidden });
        expect(await list()).toEqual(before);
      });
    });
  });
});
