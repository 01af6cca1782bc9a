import { ACCOUNT_CONTRACTS, AUTH_CONTRACTS, encodeId, ROLE, TEAM_CONTRACTS } from '@eta/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
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

/**
 * Two instances on one database: whatever one of them changes about a member ends or narrows that
 * member's sessions on the other too. On PostgreSQL the guard keeps members in memory and hears of
 * changes by LISTEN/NOTIFY (member-cache.ts, migration 025); on SQLite it reads them every time.
 */
describeEachDialect('staff sessions across instances', (dialect) => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await buildTestApp(dialect);
    b = await buildTestApp(dialect, {}, { reuse: a.storage });
  });
  afterAll(async () => {
    await b.close({ keepStorage: true });
    await a.close();
  });

  /** the notification reaches the other instance a moment after the commit: ask until it shows */
  async function eventually(check: () => Promise<number>, expected: number): Promise<void> {
    let status = await check();
    for (let waited = 0; status !== expected && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = await check();
    }
    expect(status).toBe(expected);
  }
  const userInfo = (t: TestApp, token: string) => async () =>
    (await api(t, AUTH_CONTRACTS.userInfo, {}, token)).statusCode;

  it('a password changed on one instance ends the old session on the other', async () => {
    const member = await createMember(a, ROLE.Team);
    // used on b first, so b has read (and on PostgreSQL kept) the member
    expect(await userInfo(b, member.token)()).toBe(200);
    expect(await userInfo(b, member.token)()).toBe(200);
    await reauth(a, member.token);
    const res = await api(a, AUTH_CONTRACTS.changePassword, { body: { newPassword: 'Another#456' } }, member);
    expect(res.statusCode).toBe(200);
    await eventually(userInfo(b, member.token), 401);
  });

  it('a confirmation made on one instance holds on the other at once (DESIGN §22)', async () => {
    const member = await createMember(a, ROLE.Team);
    const change = (t: TestApp) =>
      api(t, AUTH_CONTRACTS.changePassword, { body: { newPassword: 'Elsewhere#456' } }, member);
    // b has read (and on PostgreSQL kept) the session as unconfirmed
    expect((await change(b)).statusCode).toBe(403);
    await reauth(a, member.token);
    // no wait for the notification: b reads the session again before refusing
    expect((await change(b)).statusCode).toBe(200);
  });

  it('a session ended on one instance is refused by the other (logout, and revocation from the list)', async () => {
    const member = await createMember(a, ROLE.Team);
    const other = await login(a, member.email, TEST_PASSWORD);
    // used on b first, so b has read (and on PostgreSQL kept) both sessions
    for (const token of [member.token, other]) expect(await userInfo(b, token)()).toBe(200);
    expect((await api(a, ACCOUNT_CONTRACTS.logout, {}, member)).statusCode).toBe(200);
    await eventually(userInfo(b, member.token), 401);
    const admin = await createMember(a, ROLE.Admin);
    const [session] = (
      await api(a, ACCOUNT_CONTRACTS.memberSessions, { params: { teamMemberId: encodeId(member.id) } }, admin)
    ).json().data as { id: string }[];
    expect((await api(a, ACCOUNT_CONTRACTS.revokeSession, { params: { id: session!.id } }, admin)).statusCode).toBe(
      200,
    );
    await eventually(userInfo(b, other), 401);
  });

  it('a member deleted on one instance is signed out on the other', async () => {
    const admin = await createMember(a, ROLE.Admin);
    const member = await createMember(a, ROLE.Telecaller);
    expect(await userInfo(b, member.token)()).toBe(200);
    const res = await api(a, TEAM_CONTRACTS.remove, { body: { teamMemberId: encodeId(member.id) } }, admin);
    expect(res.statusCode).toBe(200);
    await eventually(userInfo(b, member.token), 401);
  });

  it('a type changed on one instance applies on the other', async () => {
    const admin = await createMember(a, ROLE.Admin);
    const manager = await createMember(a, ROLE.Manager);
    const teamList = () => async () => (await api(b, TEAM_CONTRACTS.list, {}, manager)).statusCode;
    expect(await teamList()()).toBe(200);
    const res = await api(
      a,
      TEAM_CONTRACTS.update,
      { body: { name: manager.name, email: manager.email, type: ROLE.Team, tmId: encodeId(manager.id) } },
      admin,
    );
    expect(res.statusCode).toBe(200);
    await eventually(teamList(), 403);
  });

  // PostgreSQL alone has a listener (SQLite reads the member on every request)
  if (dialect !== 'postgres') return;

  /** the pids of the connections LISTENing for staff changes in this test database */
  async function listenerPids(): Promise<number[]> {
    const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
      where datname = current_database() and query = 'LISTEN eta_staff_changed'`.execute(a.app.ctx.db);
    return rows.map((r) => r.pid);
  }

  it('with PG_LISTEN=false, holds no listener and reads the member every time', async () => {
    const before = await listenerPids();
    expect(before).toHaveLength(2);
    const c = await buildTestApp(dialect, { PG_LISTEN: 'false' }, { reuse: a.storage });
    try {
      const member = await createMember(a, ROLE.Team);
      expect(await userInfo(c, member.token)()).toBe(200);
      for (let i = 0; i < 10; i += 1) {
        expect(await listenerPids()).toEqual(before);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await sql`update staff set token_version = token_version + 1 where id = ${member.id}`.execute(a.app.ctx.db);
      // no notification needed: the very next request reads the member
      expect(await userInfo(c, member.token)()).toBe(401);
    } finally {
      await c.close({ keepStorage: true });
    }
  });

  it('reads members on every request while it cannot hear of changes, and listens again', async () => {
    const member = await createMember(a, ROLE.Team);
    expect(await userInfo(b, member.token)()).toBe(200);
    const cut = await listenerPids();
    expect(cut).toHaveLength(2);
    // both instances' listening connections cut: a change made now is announced to nobody
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'LISTEN eta_staff_changed'`.execute(a.app.ctx.db);
    await sql`update staff set token_version = token_version + 1 where id = ${member.id}`.execute(a.app.ctx.db);
    // b notices its connection is gone, forgets what it kept and reads the member again
    await eventually(userInfo(b, member.token), 401);
    // each instance listens again, on a new connection of its own
    const fresh = async () => (await listenerPids()).filter((pid) => !cut.includes(pid));
    for (let waited = 0; (await fresh()).length < 2 && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await fresh()).toHaveLength(2);
  });
});
