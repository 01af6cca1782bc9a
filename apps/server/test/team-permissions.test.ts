import { encodeId, ROLE, type Role, SERVER_MSG, TEAM_CONTRACTS, type TeamMemberRecord } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './api-client.ts';
import {
  buildTestApp,
  call,
  createMember,
  describeEachDialect,
  login,
  type Member,
  reauth,
  TEST_PASSWORD,
  type TestApp,
} from './test-app.ts';

const LIST = '/api/admin/get-team-member-list';
const TYPES = '/api/admin/get-team-member-type';
const ADD = '/api/admin/add-team-member';
const UPDATE = '/api/admin/update-team-member';
const DELETE = '/api/admin/delete-team-member';

type Method = 'GET' | 'POST' | 'PUT';
interface Route {
  name: string;
  method: Method;
  url: (target: Member) => string;
  body?: (target: Member) => unknown;
}

/** Every team route, each with a body that would succeed for an Admin. */
const ROUTES: Route[] = [
  { name: 'get-team-member-list', method: 'GET', url: () => LIST },
  { name: 'team-member-info', method: 'GET', url: (m) => `/api/admin/team-member-info/${encodeId(m.id)}` },
  { name: 'get-team-member-type', method: 'GET', url: () => TYPES },
  {
    name: 'add-team-member',
    method: 'POST',
    url: () => ADD,
    body: () => ({ name: 'Intruder', email: 'intruder@example.test', password: 'Start#123', type: ROLE.Admin }),
  },
  {
    name: 'update-team-member',
    method: 'POST',
    url: () => UPDATE,
    body: (m) => ({ tmId: encodeId(m.id), name: 'Hijacked', email: m.email, password: 'Hijack#123', type: ROLE.Admin }),
  },
  { name: 'delete-team-member', method: 'PUT', url: () => DELETE, body: (m) => ({ teamMemberId: encodeId(m.id) }) },
];

const rawLogin = (t: TestApp, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password } });

describeEachDialect('team members: who may do what', (dialect) => {
  let t: TestApp;
  let admin: Member;
  let manager: Member;
  /** the member every refused write aims at */
  let target: Member;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await createMember(t, ROLE.Admin);
    await reauth(t, admin.token);
    manager = await createMember(t, ROLE.Manager);
    target = await createMember(t, ROLE.Team, 'Target Member');
  });
  afterAll(() => t.close());

  const send = (route: Route, token: string | null) =>
    call(t, route.method, route.url(target), token, route.body?.(target));
  async function list(): Promise<TeamMemberRecord[]> {
    return (await api(t, TEAM_CONTRACTS.list, {}, admin)).json().data;
  }
  const recordOf = async (m: Member) => (await list()).find((r) => r.id === encodeId(m.id));
  const updateBody = (m: Member, over: Record<string, unknown> = {}) => ({
    tmId: encodeId(m.id),
    name: m.name,
    email: m.email,
    type: m.type,
    ...over,
  });

  describe.each([
    ['no token', null],
    ['a garbage token', 'not.a.jwt'],
  ])('with %s', (_label, token) => {
    it.each(ROUTES.map((r) => [r.name, r] as const))('%s answers 401 with status 401', async (_name, route) => {
      const res = await send(route, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, message: SERVER_MSG.unauthorized });
    });
  });

  describe.each([ROLE.Team, ROLE.Telecaller, ROLE.NightStaff])('as %s', (role: Role) => {
    let actor: Member;
    beforeAll(async () => {
      actor = await createMember(t, role);
    });

    it.each(ROUTES.map((r) => [r.name, r] as const))('%s answers 403 and changes nothing', async (_name, route) => {
      const before = await list();
      const res = await send(route, actor.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 0, message: SERVER_MSG.forbidden });
      expect(await list()).toEqual(before);
    });
  });

  describe('Manager limits', () => {
    it('get-team-member-type offers a Manager every type but Admin', async () => {
      const res = await api(t, TEAM_CONTRACTS.types, {}, manager);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([ROLE.Manager, ROLE.Team, ROLE.Telecaller, ROLE.NightStaff]);
    });

    it('a Manager may add a Team member but not an Admin', async () => {
      const body = { name: 'By Manager', email: 'by-manager@example.test', password: 'Start#123' };
      const refused = await api(t, TEAM_CONTRACTS.add, { body: { ...body, type: ROLE.Admin } }, manager);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ status: 0, message: SERVER_MSG.managerAdminLimit });
      expect((await list()).some((m) => m.email === body.email)).toBe(false);
      const res = await api(t, TEAM_CONTRACTS.add, { body: { ...body, type: ROLE.Team } }, manager);
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ email: body.email, type: ROLE.Team });
    });

    it('a Manager may not update an Admin', async () => {
      const otherAdmin = await createMember(t, ROLE.Admin);
      const before = await recordOf(otherAdmin);
      const res = await api(
        t,
        TEAM_CONTRACTS.update,
        { body: updateBody(otherAdmin, { name: 'Demoted', type: ROLE.Team }) },
        manager,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 0, message: SERVER_MSG.managerAdminLimit });
      expect(await recordOf(otherAdmin)).toEqual(before);
    });

    it('a Manager may not promote anyone to Admin, but may update them otherwise', async () => {
      const member = await createMember(t, ROLE.Telecaller);
      const refused = await api(t, TEAM_CONTRACTS.update, { body: updateBody(member, { type: ROLE.Admin }) }, manager);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(SERVER_MSG.managerAdminLimit);
      expect((await recordOf(member))?.type).toBe(ROLE.Telecaller);
      const res = await api(t, TEAM_CONTRACTS.update, { body: updateBody(member, { type: ROLE.Manager }) }, manager);
      expect(res.statusCode).toBe(200);
      expect((await recordOf(member))?.type).toBe(ROLE.Manager);
    });

    it('a Manager may not delete an Admin, but may delete a Team member', async () => {
      const otherAdmin = await createMember(t, ROLE.Admin);
      const refused = await api(t, TEAM_CONTRACTS.remove, { body: { teamMemberId: encodeId(otherAdmin.id) } }, manager);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(SERVER_MSG.managerAdminLimit);
      expect(await recordOf(otherAdmin)).toBeDefined();
      const member = await createMember(t, ROLE.Team);
      expect(
        (await api(t, TEAM_CONTRACTS.remove, { body: { teamMemberId: encodeId(member.id) } }, manager)).statusCode,
      ).toBe(200);
      expect(await recordOf(member)).toBeUndefined();
    });

    it('an Admin may add, promote to, update and delete Admins', async () => {
      const email = 'second-admin@example.test';
      const added = await api(
        t,
        TEAM_CONTRACTS.add,
        { body: { name: 'Second', email, password: 'Start#123', type: ROLE.Admin } },
        admin,
      );
      expect(added.statusCode).toBe(201);
      const member = await createMember(t, ROLE.Team);
      const promoted = await api(t, TEAM_CONTRACTS.update, { body: updateBody(member, { type: ROLE.Admin }) }, admin);
      expect(promoted.statusCode).toBe(200);
      expect((await recordOf(member))?.type).toBe(ROLE.Admin);
      const renamed = await api(
        t,
        TEAM_CONTRACTS.update,
        { body: updateBody({ ...member, type: ROLE.Admin }, { name: 'Renamed Admin' }) },
        admin,
      );
      expect(renamed.json().data).toMatchObject({ name: 'Renamed Admin', type: ROLE.Admin });
      expect(
        (await api(t, TEAM_CONTRACTS.remove, { body: { teamMemberId: encodeId(member.id) } }, admin)).statusCode,
      ).toBe(200);
      expect(await recordOf(member)).toBeUndefined();
    });
  });

  describe('own account', () => {
    it.each([ROLE.Admin, ROLE.Manager])('%s cannot delete their own account', async (role) => {
      const self = await createMember(t, role);
      const res = await api(t, TEAM_CONTRACTS.remove, { body: { teamMemberId: encodeId(self.id) } }, self);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 0, message: SERVER_MSG.cannotDeleteSelf });
      expect(await recordOf(self)).toBeDefined();
      expect((await api(t, TEAM_CONTRACTS.list, {}, self)).statusCode).toBe(200);
    });

    it('an Admin cannot change their own member type', async () => {
      const self = await createMember(t, ROLE.Admin);
      const res = await api(t, TEAM_CONTRACTS.update, { body: updateBody(self, { type: ROLE.Team }) }, self);
      expect(res.statusCode).toBe(403);
      expect((await recordOf(self))?.type).toBe(ROLE.Admin);
    });
  });

  describe('sessions', () => {
    it('a deleted member’s token is refused with 401 and they cannot sign in', async () => {
      const member = await createMember(t, ROLE.Manager);
      expect((await api(t, TEAM_CONTRACTS.list, {}, member)).statusCode).toBe(200);
      expect(
        (await api(t, TEAM_CONTRACTS.remove, { body: { teamMemberId: encodeId(member.id) } }, admin)).statusCode,
      ).toBe(200);
      const res = await api(t, TEAM_CONTRACTS.list, {}, member);
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toBe(401);
      expect((await rawLogin(t, member.email, TEST_PASSWORD)).statusCode).toBe(401);
    });

    it('a new password on update revokes the old token; the new password signs in, the old does not', async () => {
      const member = await createMember(t, ROLE.Manager);
      const res = await api(t, TEAM_CONTRACTS.update, { body: updateBody(member, { password: 'Fresh#4567' }) }, admin);
      expect(res.statusCode).toBe(200);
      expect((await api(t, TEAM_CONTRACTS.list, {}, member)).statusCode).toBe(401);
      expect((await rawLogin(t, member.email, TEST_PASSWORD)).statusCode).toBe(401);
      const token = await login(t, member.email, 'Fresh#4567');
      expect((await api(t, TEAM_CONTRACTS.list, {}, token)).statusCode).toBe(200);
    });

    it.each([
      ['a blank', { password: '' }],
      ['an omitted', {}],
    ])('%s password on update keeps the old password and the session', async (_label, over) => {
      const member = await createMember(t, ROLE.Manager);
      const res = await api(
        t,
        TEAM_CONTRACTS.update,
        { body: updateBody(member, { name: 'Kept Password', ...over }) },
        admin,
      );
      expect(res.statusCode).toBe(200);
      expect((await recordOf(member))?.name).toBe('Kept Password');
      expect((await api(t, TEAM_CONTRACTS.list, {}, member)).statusCode).toBe(200);
      expect((await rawLogin(t, member.email, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('a type change applies to the member’s existing token at once', async () => {
      const member = await createMember(t, ROLE.Manager);
      expect(
        (await api(t, TEAM_CONTRACTS.update, { body: updateBody(member, { type: ROLE.Team }) }, admin)).statusCode,
      ).toBe(200);
      expect((await api(t, TEAM_CONTRACTS.list, {}, member)).statusCode).toBe(403);
    });
  });
});
