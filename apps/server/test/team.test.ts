import { decodeId, encodeId, MSG, ROLE, ROLES, SERVER_MSG, TEAM_CONTRACTS, type TeamMemberRecord } from '@eta/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/lib/time.ts';
import { api } from './api-client.ts';
import { buildTestApp, call, createMember, describeEachDialect, login, type Member, type TestApp } from './test-app.ts';

const INFO = (id: string) => `/api/admin/team-member-info/${encodeURIComponent(id)}`;
/** base64 of an odd number: not something encodeId can produce */
const ODD_ID = btoa('3');
const UNKNOWN_ID = encodeId(987_654);

function expectBadInput(res: LightMyRequestResponse, field: string, message: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ status: 0, message, data: { errors: { [field]: message } } });
}

let seq = 0;
function newMember(over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: `Added Member ${seq}`,
    email: `added${seq}@example.test`,
    password: 'Start#123',
    type: ROLE.Team,
    ...over,
  };
}

describeEachDialect('team members', (dialect) => {
  let t: TestApp;
  let admin: Member;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await createMember(t, ROLE.Admin);
  });
  afterAll(() => t.close());

  async function list(): Promise<TeamMemberRecord[]> {
    const res = await api(t, TEAM_CONTRACTS.list, {}, admin);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }
  const add = (body: unknown) => api.raw(t, TEAM_CONTRACTS.add, { body }, admin);
  async function added(over: Record<string, unknown> = {}): Promise<TeamMemberRecord> {
    const res = await add(newMember(over));
    expect(res.statusCode).toBe(201);
    return res.json().data;
  }
  const update = (body: unknown, token = admin.token) => api.raw(t, TEAM_CONTRACTS.update, { body }, token);
  /** the update body that leaves the member as they are */
  const unchanged = (m: TeamMemberRecord) => ({ tmId: m.id, name: m.name, email: m.email, type: m.type });
  const remove = (teamMemberId: unknown) => api.raw(t, TEAM_CONTRACTS.remove, { body: { teamMemberId } }, admin);

  describe('reading', () => {
    it('lists current members with encoded ids and never a password or hash', async () => {
      const res = await api(t, TEAM_CONTRACTS.list, {}, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(1);
      const me = (res.json().data as TeamMemberRecord[]).find((m) => m.id === encodeId(admin.id));
      expect(me).toMatchObject({ name: admin.name, email: admin.email, type: ROLE.Admin });
      expect(Object.keys(me ?? {}).sort()).toEqual(['created_at', 'email', 'id', 'name', 'two_factor_enabled', 'type']);
      expect(res.body).not.toMatch(/password|argon2/i);
    });

    it('team-member-info returns the member named by the encoded id, without password or hash', async () => {
      const member = await added();
      const res = await api(t, TEAM_CONTRACTS.info, { params: { id: member.id } }, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 1, data: member });
      expect(res.body).not.toMatch(/password|argon2/i);
    });

    it('get-team-member-type offers an Admin every member type', async () => {
      const res = await api(t, TEAM_CONTRACTS.types, {}, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 1, data: [...ROLES] });
    });

    it.each([
      ['abc', 'abc'],
      ['an odd number', ODD_ID],
      ['a negative number', btoa('-2')],
    ])('team-member-info refuses an undecodable id (%s) with 400', async (_label, id) => {
      expectBadInput(await call(t, 'GET', INFO(id), admin.token), 'id', 'Invalid team member id.');
    });

    it('team-member-info answers 404 for a valid id nobody has', async () => {
      const res = await api(t, TEAM_CONTRACTS.info, { params: { id: UNKNOWN_ID } }, admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 0, message: SERVER_MSG.memberNotFound });
    });
  });

  describe('adding', () => {
    it('adds a member who then appears in the list and can sign in', async () => {
      const body = newMember({ type: ROLE.Telecaller });
      const res = await add(body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: 1, message: SERVER_MSG.memberAdded });
      const record: TeamMemberRecord = res.json().data;
      expect(record).toMatchObject({ name: body.name, email: body.email, type: ROLE.Telecaller });
      expect(decodeId(record.id)).toEqual(expect.any(Number));
      expect(res.body).not.toMatch(/password|argon2/i);
      expect(await list()).toContainEqual(record);
      expect(await login(t, body.email, body.password)).toEqual(expect.any(String));
    });

    it('refuses an email already in use, whatever its case, with 409', async () => {
      const first = await added({ email: 'Mixed.Case@Example.TEST' });
      expect(first.email).toBe('mixed.case@example.test');
      const res = await add(newMember({ email: 'MIXED.case@example.test' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        status: 0,
        message: SERVER_MSG.emailTaken,
        data: { errors: { email: SERVER_MSG.emailTaken } },
      });
      expect((await list()).filter((m) => m.email === 'mixed.case@example.test')).toHaveLength(1);
    });

    it('lets a deleted member’s email be used again', async () => {
      const gone = await added();
      expect((await remove(gone.id)).statusCode).toBe(200);
      const again = await added({ email: gone.email });
      expect(again.id).not.toBe(gone.id);
    });

    it.each([
      ['name missing', { name: undefined }, 'name', MSG.memberNameRequired],
      ['name blank', { name: '   ' }, 'name', MSG.memberNameRequired],
      ['email missing', { email: undefined }, 'email', MSG.memberEmailRequired],
      ['email empty', { email: '' }, 'email', MSG.memberEmailRequired],
      ['email malformed', { email: 'not-an-email' }, 'email', MSG.invalidEmail],
      ['password missing', { password: undefined }, 'password', MSG.memberPasswordRequired],
      ['password empty', { password: '' }, 'password', MSG.memberPasswordRequired],
      ['type missing', { type: undefined }, 'type', MSG.memberTypeRequired],
      ['type unknown', { type: 'Boss' }, 'type', MSG.memberTypeRequired],
    ])('refuses a member with %s, adding nobody', async (_label, over, field, message) => {
      const before = (await list()).length;
      expectBadInput(await add(newMember(over)), field, message);
      expect(await list()).toHaveLength(before);
    });

    it('refuses a body with an unknown field', async () => {
      const body = newMember({ isAdmin: true });
      const res = await add(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe(0);
      expect((await list()).some((m) => m.email === body.email)).toBe(false);
    });
  });

  describe('updating', () => {
    it('changes name, email and type, and the list shows the change', async () => {
      const member = await added({ type: ROLE.Team });
      const res = await update({
        tmId: member.id,
        name: 'Renamed',
        email: 'Renamed@Example.test',
        type: ROLE.NightStaff,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 1, message: SERVER_MSG.memberUpdated });
      const expected = { ...member, name: 'Renamed', email: 'renamed@example.test', type: ROLE.NightStaff };
      expect(res.json().data).toEqual(expected);
      expect(await list()).toContainEqual(expected);
      expect(res.body).not.toMatch(/password|argon2/i);
    });

    it('refuses another member’s email, whatever its case, with 409 and changes nothing', async () => {
      const member = await added();
      const res = await update({ ...unchanged(member), email: admin.email.toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ status: 0, data: { errors: { email: SERVER_MSG.emailTaken } } });
      expect(await list()).toContainEqual(member);
    });

    it('keeps the member’s own email, in another case, without a conflict', async () => {
      const member = await added();
      const res = await update({ ...unchanged(member), email: member.email.toUpperCase() });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.email).toBe(member.email);
    });

    it.each([
      ['name missing', { name: undefined }, 'name', MSG.memberNameRequired],
      ['email missing', { email: undefined }, 'email', MSG.memberEmailRequired],
      ['email malformed', { email: 'nope@' }, 'email', MSG.invalidEmail],
      ['type missing', { type: undefined }, 'type', MSG.memberTypeRequired],
      ['type unknown', { type: 'Boss' }, 'type', MSG.memberTypeRequired],
      ['tmId missing', { tmId: undefined }, 'tmId', 'tmId is required.'],
      ['tmId undecodable', { tmId: 'abc' }, 'tmId', 'Invalid team member id.'],
      ['tmId of an odd number', { tmId: ODD_ID }, 'tmId', 'Invalid team member id.'],
    ])('refuses an update with %s and changes nothing', async (_label, over, field, message) => {
      const member = await added();
      expectBadInput(await update({ ...unchanged(member), name: 'Changed', ...over }), field, message);
      expect(await list()).toContainEqual(member);
    });

    it('answers 404 for a valid id nobody has', async () => {
      const res = await update({ ...newMember(), tmId: UNKNOWN_ID });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 0, message: SERVER_MSG.memberNotFound });
    });
  });

  describe('deleting', () => {
    it('removes the member from the list; info, update and delete of them then answer 404', async () => {
      const member = await added();
      const res = await remove(member.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 1, message: MSG.memberDeleted });
      expect((await list()).some((m) => m.id === member.id)).toBe(false);
      expect((await api(t, TEAM_CONTRACTS.info, { params: { id: member.id } }, admin)).statusCode).toBe(404);
      expect((await remove(member.id)).statusCode).toBe(404);
      expect((await update({ ...unchanged(member), name: 'Back Again' })).statusCode).toBe(404);
    });

    it('returns the orders the deleted member held to their folders, and logs it', async () => {
      const member = await added();
      const memberId = decodeId(member.id) as number;
      const at = nowIso();
      const order = await t.app.ctx.db
        .insertInto('orders')
        .values({
          order_id: `UKETA-DEL-${memberId}`,
          domain: 'primary',
          process_status: 'New',
          assigned_to: memberId,
          processing_type: 'standard',
          search_text: '',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect((await remove(member.id)).statusCode).toBe(200);
      const row = await t.app.ctx.db
        .selectFrom('orders')
        .select('assigned_to')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row.assigned_to).toBeNull();
      const events = await t.app.ctx.db
        .selectFrom('order_events')
        .selectAll()
        .where('order_key', '=', order.id)
        .execute();
      expect(events).toEqual([
        expect.objectContaining({ kind: 'unassign', staff_id: admin.id, from_value: member.name }),
      ]);
    });

    it.each([
      ['missing', undefined, 'teamMemberId is required.'],
      ['undecodable', 'abc', 'Invalid team member id.'],
      ['of an odd number', ODD_ID, 'Invalid team member id.'],
    ])('refuses a teamMemberId that is %s with 400', async (_label, id, message) => {
      const before = (await list()).length;
      expectBadInput(await remove(id), 'teamMemberId', message);
      expect(await list()).toHaveLength(before);
    });

    it('answers 404 for a valid id nobody has', async () => {
      const res = await remove(UNKNOWN_ID);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 0, message: SERVER_MSG.memberNotFound });
    });
  });
});
