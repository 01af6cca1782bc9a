import { ACCOUNT_CONTRACTS, ACCOUNT_MSG, AUTH_CONTRACTS, encodeId, ROLE, type SessionRecord } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './api-client.ts';
import {
  buildTestApp,
  createMember,
  describeEachDialect,
  login,
  reauth,
  TEST_PASSWORD,
  type TestApp,
} from './test-app.ts';

/** DESIGN §17: a session per sign-in, logout, own sessions, members' sessions within team.manage limits. */
describeEachDialect('staff sessions', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  const sessionsOf = async (token: string): Promise<SessionRecord[]> => {
    const res = await api(t, ACCOUNT_CONTRACTS.sessions, {}, token);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const userInfo = async (token: string) => (await api(t, AUTH_CONTRACTS.userInfo, {}, token)).statusCode;

  it('each sign-in is a session, listed newest first with its device, and the caller’s marked current', async () => {
    const member = await createMember(t, ROLE.Team);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      headers: {
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      },
      payload: { email: member.email, password: TEST_PASSWORD },
    });
    const second = res.json().data.jwtToken as string;
    const list = await sessionsOf(second);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, device: 'Chrome 131 on Windows 10', ip: '127.0.0.1' });
    expect(list[1]).toMatchObject({ current: false });
    expect((list[0]?.createdAt ?? '') >= (list[1]?.createdAt ?? '')).toBe(true);
    expect((await sessionsOf(member.token)).filter((s) => s.current)).toHaveLength(1);
  });

  it('logout ends the session at once; the member’s other sessions go on', async () => {
    const member = await createMember(t, ROLE.Telecaller);
    const other = await login(t, member.email, TEST_PASSWORD);
    const res = await api(t, ACCOUNT_CONTRACTS.logout, {}, member);
    expect(res.json()).toMatchObject({ status: 1, message: ACCOUNT_MSG.loggedOut });
    expect(await userInfo(member.token)).toBe(401);
    expect(await userInfo(other)).toBe(200);
    expect(await sessionsOf(other)).toHaveLength(1);
    expect((await api(t, ACCOUNT_CONTRACTS.logout, {})).statusCode).toBe(401);
  });

  it('a member ends one of their own sessions; its token dies and the list no longer shows it', async () => {
    const member = await createMember(t, ROLE.NightStaff);
    const other = await login(t, member.email, TEST_PASSWORD);
    const target = (await sessionsOf(member.token)).find((s) => !s.current) as SessionRecord;
    const res = await api(t, ACCOUNT_CONTRACTS.revokeSession, { params: { id: target.id } }, member);
    expect(res.json()).toMatchObject({ status: 1, message: ACCOUNT_MSG.sessionEnded });
    expect(await userInfo(other)).toBe(401);
    expect((await sessionsOf(member.token)).map((s) => s.id)).not.toContain(target.id);
    // ended already: as if it never existed
    expect((await api(t, ACCOUNT_CONTRACTS.revokeSession, { params: { id: target.id } }, member)).statusCode).toBe(404);
  });

  it('nobody ends a session that is not theirs to manage: 404, as for one that does not exist', async () => {
    const victim = await createMember(t, ROLE.Team);
    const victimSid = (await sessionsOf(victim.token))[0]?.id as string;
    for (const type of [ROLE.Team, ROLE.Telecaller, ROLE.NightStaff]) {
      const caller = await createMember(t, type);
      const res = await api(t, ACCOUNT_CONTRACTS.revokeSession, { params: { id: victimSid } }, caller);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(ACCOUNT_MSG.sessionNotFound);
    }
    expect(
      (await api(t, ACCOUNT_CONTRACTS.revokeSession, { params: { id: 'no-such-session' } }, victim)).statusCode,
    ).toBe(404);
    expect(await userInfo(victim.token)).toBe(200);
  });

  describe('in Manage Team', () => {
    it('an Admin lists and ends any member’s sessions', async () => {
      const admin = await createMember(t, ROLE.Admin);
      const manager = await createMember(t, ROLE.Manager);
      const res = await api(
        t,
        ACCOUNT_CONTRACTS.memberSessions,
        { params: { teamMemberId: encodeId(manager.id) } },
        admin,
      );
      expect(res.statusCode).toBe(200);
      const [session] = res.json().data as SessionRecord[];
      expect(session?.current).toBe(false);
      const end = await api(t, ACCOUNT_CONTRACTS.revokeSession, { params: { id: session!.id } }, admin);
      expect(end.statusCode).toBe(200);
      expect(await userInfo(manager.token)).toBe(401);
    });

    it('a Manager manages a Team member’s sessions but never an Admin’s', async () => {
      const manager = await createMember(t, ROLE.Manager);
      const admin = await createMember(t, ROLE.Admin);
      const team = await createMember(t, ROLE.Team);
      const adminList = await api(
        t,
        ACCOUNT_CONTRACTS.memberSessions,
        { params: { teamMemberId: encodeId(admin.id) } },
        manager,
      );
      expect(adminList.statusCode).toBe(403);
      const adminSid = (await sessionsOf(admin.token))[0]?.id as string;
      expect((await api(t, ACCOUNT_CONTRACTS.revokeSession, { params: { id: adminSid } }, manager)).statusCode).toBe(
        404,
      );
      expect(await userInfo(admin.token)).toBe(200);
      const teamList = await api(
        t,
        ACCOUNT_CONTRACTS.memberSessions,
        { params: { teamMemberId: encodeId(team.id) } },
        manager,
      );
      const teamSid = (teamList.json().data as SessionRecord[])[0]?.id;
      expect((await api(t, ACCOUNT_CONTRACTS.revokeSession, { params: { id: teamSid! } }, manager)).statusCode).toBe(
        200,
      );
      expect(await userInfo(team.token)).toBe(401);
    });

    it('answers 403 to the other types, 404 for an unknown member, 401 without a token', async () => {
      const team = await createMember(t, ROLE.Team);
      const admin = await createMember(t, ROLE.Admin);
      for (const type of [ROLE.Team, ROLE.Telecaller, ROLE.NightStaff]) {
        const caller = await createMember(t, type);
        const res = await api(
          t,
          ACCOUNT_CONTRACTS.memberSessions,
          { params: { teamMemberId: encodeId(team.id) } },
          caller,
        );
        expect(res.statusCode).toBe(403);
      }
      expect(
        (await api(t, ACCOUNT_CONTRACTS.memberSessions, { params: { teamMemberId: 'nope' } }, admin)).statusCode,
      ).toBe(404);
      expect(
        (await api(t, ACCOUNT_CONTRACTS.memberSessions, { params: { teamMemberId: encodeId(team.id) } })).statusCode,
      ).toBe(401);
      expect((await api(t, ACCOUNT_CONTRACTS.sessions, {})).statusCode).toBe(401);
      expect((await api(t, ACCOUNT_CONTRACTS.revokeSession, { params: { id: 'x' } })).statusCode).toBe(401);
    });
  });

  it('a password change ends every session of the member, the caller’s own included', async () => {
    const member = await createMember(t, ROLE.Team);
    const other = await login(t, member.email, TEST_PASSWORD);
    await reauth(t, member.token);
    const res = await api(t, AUTH_CONTRACTS.changePassword, { body: { newPassword: 'Changed#789' } }, member);
    expect(res.statusCode).toBe(200);
    expect(await userInfo(member.token)).toBe(401);
    expect(await userInfo(other)).toBe(401);
    const fresh = await login(t, member.email, 'Changed#789');
    expect(await sessionsOf(fresh)).toHaveLength(1);
  });

  it('writes last seen at most once a minute', async () => {
    const member = await createMember(t, ROLE.Team);
    const seen = async () => (await sessionsOf(member.token))[0]?.lastSeenAt;
    const first = await seen();
    t.advance(30_000);
    expect(await seen()).toBe(first);
    t.advance(31_000);
    await userInfo(member.token);
    // the write follows the request; ask until it shows (it is not awaited by the guard)
    let later = await seen();
    for (let i = 0; later === first && i < 50; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      later = await seen();
    }
    expect(later && first && later > first).toBe(true);
  });

  it('refuses a token signed for a session that does not exist', async () => {
    const member = await createMember(t, ROLE.Team);
    const forged = await t.app.ctx.tokens.sign(
      { id: member.id, name: member.name, email: member.email, type: member.type },
      0,
      'not-a-session',
    );
    expect(await userInfo(forged)).toBe(401);
  });
});
