import {
  ACCOUNT_CONTRACTS,
  ACCOUNT_MSG,
  AUTH_CONTRACTS,
  PRIVACY_CONTRACTS,
  ROLE,
  type SessionRecord,
  TEAM_CONTRACTS,
} from '@eta/shared';
import { generate } from 'otplib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSessionsService } from '../src/modules/accounts/index.ts';
import { staffRepo } from '../src/modules/staff/index.ts';
import { passwordThenCode } from './accounts-fixtures.ts';
import { api } from './api-client.ts';
import { listening } from './live-client.ts';
import {
  buildTestApp,
  createMember,
  describeEachDialect,
  login,
  type Member,
  TEST_PASSWORD,
  type TestApp,
} from './test-app.ts';

/** The app's clock stands still at this instant but for advance(): codes are computed for it here. */
const START = Date.UTC(2026, 10, 25, 9, 0, 10);

/**
 * Sessions know how they were opened (DESIGN §22): REQUIRE_2FA is judged on the session, turning 2FA
 * on ends the member's other sessions, and a session held back until enrolment ends no other.
 */
describeEachDialect('session factors', (dialect) => {
  let t: TestApp;
  let base: string;
  let elapsed = 0;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { REQUIRE_2FA: 'Admin,Manager' }, { clockStart: START });
    base = await listening(t);
  });
  afterAll(() => t.close());

  const codeFor = (secret: string) => generate({ secret, epoch: Math.floor((START + elapsed) / 1000) });
  /** the next 30-second step, so the next code is one not taken yet */
  const nextStep = () => {
    t.advance(30_000);
    elapsed += 30_000;
  };
  const factorsOf = async (memberId: number) =>
    (
      await t.app.ctx.db
        .selectFrom('staff_sessions')
        .select(['factors', 'revoked_at'])
        .where('staff_id', '=', memberId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((s) => [s.factors, s.revoked_at === null ? 'open' : 'ended']);
  const liveStatus = async (token: string) => {
    const res = await fetch(`${base}/api/admin/live`, { headers: { authorization: token } });
    await res.body?.cancel();
    return res.status;
  };
  const sessionsOf = async (token: string) =>
    (await api(t, ACCOUNT_CONTRACTS.sessions, {}, token)).json().data as SessionRecord[];

  /** Enrols from the session of `token`: set-up, then the app's code. */
  async function enrolFrom(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const { secret } = (await api(t, ACCOUNT_CONTRACTS.setupTwoFactor, {}, token)).json().data;
    const enable = await api(t, ACCOUNT_CONTRACTS.enableTwoFactor, { body: { code: await codeFor(secret) } }, token);
    expect(enable.statusCode).toBe(200);
    nextStep();
    return { secret, recoveryCodes: enable.json().data.recoveryCodes };
  }

  it('records what each sign-in proved: the password, or the password and a code', async () => {
    const member = await createMember(t, ROLE.Team);
    const { secret, recoveryCodes } = await enrolFrom(member.token);
    const signIn = async (code: string) => {
      expect((await passwordThenCode(t, member.email, code)).statusCode).toBe(200);
    };
    await signIn(await codeFor(secret));
    nextStep();
    await signIn(recoveryCodes[0] as string);
    // the session that enrolled was opened with the password and holds the app's code since
    expect(await factorsOf(member.id)).toEqual([
      ['password,totp', 'open'],
      ['password,totp', 'open'],
      ['password,recovery', 'open'],
    ]);
  });

  it('turning 2FA on ends the member’s other sessions; the one that enrols goes on with both factors', async () => {
    const admin = await createMember(t, ROLE.Admin);
    const a = admin.token;
    nextStep();
    const b = await login(t, admin.email, TEST_PASSWORD);
    nextStep();
    const c = await login(t, admin.email, TEST_PASSWORD);
    for (const token of [a, b, c]) {
      const held = await api(t, TEAM_CONTRACTS.list, {}, token);
      expect(held.statusCode).toBe(403);
      expect(held.json().message).toBe(ACCOUNT_MSG.twoFactorRequired);
    }
    await enrolFrom(b);
    // A and C, opened with the password alone, neither gain the team list nor the live stream: they ended
    for (const token of [a, c]) {
      expect((await api(t, TEAM_CONTRACTS.list, {}, token)).statusCode).toBe(401);
      expect(await liveStatus(token)).toBe(401);
    }
    // B goes on, now with both factors
    expect((await api(t, TEAM_CONTRACTS.list, {}, b)).statusCode).toBe(200);
    expect(await liveStatus(b)).toBe(200);
    expect(await sessionsOf(b)).toHaveLength(1);
    expect(await factorsOf(admin.id)).toEqual([
      ['password', 'ended'],
      ['password,totp', 'open'],
      ['password', 'ended'],
    ]);
    const audit = (await api(t, PRIVACY_CONTRACTS.auditLog, { query: { action: 'two_factor_enabled' } }, b)).json()
      .data;
    expect(audit.find((r) => r.member_name === admin.name)?.detail).toEqual({
      sessionsEnded: 2,
    });
  });

  it('a session opened with the password alone stays held back after its member enrolled', async () => {
    const admin = await createMember(t, ROLE.Admin);
    const enrolled = admin.token;
    await enrolFrom(enrolled);
    // A sign-in whose password step read the member a moment before the enrolment committed opens a
    // password-only session after it: the sign-in races the enrolment, so it is made here directly.
    const member = await staffRepo.findActiveById(t.app.ctx.db, admin.id);
    const late = (await createSessionsService(t.app.ctx).start(member!, { ip: null, userAgent: null }, null)).jwtToken;
    const held = await api(t, TEAM_CONTRACTS.list, {}, late);
    expect(held.statusCode).toBe(403);
    expect(held.json()).toEqual({ status: 0, message: ACCOUNT_MSG.twoFactorRequired });
    expect(await liveStatus(late)).toBe(403);
    // enrolment and logout stay open to it, as before enrolment
    expect((await api(t, ACCOUNT_CONTRACTS.account, {}, late)).statusCode).toBe(200);
    const [own] = (await sessionsOf(enrolled)).filter((s) => s.current);
    expect((await api(t, ACCOUNT_CONTRACTS.revokeSession, { params: { id: own!.id } }, late)).statusCode).toBe(403);
    expect((await api(t, ACCOUNT_CONTRACTS.logout, {}, late)).statusCode).toBe(200);
    expect((await api(t, TEAM_CONTRACTS.list, {}, enrolled)).statusCode).toBe(200);
  });

  it('an Admin waiting to enrol cannot end other members’ sessions, nor their own others', async () => {
    const admin = await createMember(t, ROLE.Admin);
    const team: Member = await createMember(t, ROLE.Team);
    const [target] = await sessionsOf(team.token);
    const refused = await api(t, ACCOUNT_CONTRACTS.revokeSession, { params: { id: target!.id } }, admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 0, message: ACCOUNT_MSG.twoFactorRequired });
    expect((await api(t, AUTH_CONTRACTS.userInfo, {}, team)).statusCode).toBe(200);
    const other = await login(t, admin.email, TEST_PASSWORD);
    const [mine] = (await sessionsOf(other)).filter((s) => s.current);
    expect((await api(t, ACCOUNT_CONTRACTS.revokeSession, { params: { id: mine!.id } }, admin)).statusCode).toBe(403);
    expect((await api(t, AUTH_CONTRACTS.userInfo, {}, other)).statusCode).toBe(200);
  });
});
