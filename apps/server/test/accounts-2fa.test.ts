import {
  ACCOUNT_CONTRACTS,
  ACCOUNT_MSG,
  type AccountRecord,
  AUTH_CONTRACTS,
  encodeId,
  ORDERS_CONTRACTS,
  ROLE,
  SERVER_MSG,
  TEAM_CONTRACTS,
} from '@eta/shared';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiRefusal, api } from './api-client.ts';
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

/** The app's clock stands still at this instant but for advance(): codes are computed for it here. */
const START = Date.UTC(2026, 10, 25, 9, 0, 10);

/** DESIGN §17: TOTP enrolment, recovery codes, the two-step sign-in and REQUIRE_2FA. */
describeEachDialect('two-factor sign-in', (dialect) => {
  let t: TestApp;
  let elapsed = 0;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { clockStart: START });
  });
  afterAll(() => t.close());

  const now = () => START + elapsed;
  /** the next 30-second step: a code of a new step, as an app shows half a minute later */
  const nextStep = () => {
    t.advance(30_000);
    elapsed += 30_000;
  };
  /** the code an authenticator app shows now, computed from the secret as the app does */
  const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(now() / 1000) });
  const signIn = (email: string, password = TEST_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password } });
  const verify = (challenge: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/admin-login/verify', payload: { challenge, code } });

  /** Enrols the member: the secret and the recovery codes. */
  async function enrol(member: Member): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await api(t, ACCOUNT_CONTRACTS.setupTwoFactor, {}, member);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrDataUrl } = setup.json().data;
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain('issuer=eTA%20Desk');
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const enable = await api(t, ACCOUNT_CONTRACTS.enableTwoFactor, { body: { code: await codeFor(secret) } }, member);
    expect(enable.json()).toMatchObject({ status: 1, message: ACCOUNT_MSG.twoFactorOn });
    nextStep();
    return { secret, recoveryCodes: enable.json().data.recoveryCodes };
  }

  it('enrols with a code from the app and hands ten recovery codes once, kept only hashed', async () => {
    const member = await createMember(t, ROLE.Team);
    const { recoveryCodes } = await enrol(member);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const stored = await t.app.ctx.db.selectFrom('staff_recovery_codes').select('code_hash').execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
    const account = (await api(t, ACCOUNT_CONTRACTS.account, {}, member)).json().data as AccountRecord;
    expect(account.twoFactor).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    const again = await api(t, ACCOUNT_CONTRACTS.setupTwoFactor, {}, member);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ACCOUNT_MSG.twoFactorAlreadyOn);
  });

  it('keeps the TOTP secret sealed: a copy of the database holds no second factor', async () => {
    const member = await createMember(t, ROLE.Team);
    const setup = (await api(t, ACCOUNT_CONTRACTS.setupTwoFactor, {}, member)).json().data;
    const pending = await t.app.ctx.db
      .selectFrom('staff')
      .select('totp_pending_secret')
      .where('email', '=', member.email)
      .executeTakeFirstOrThrow();
    expect(pending.totp_pending_secret).toMatch(/^v1:/);
    expect(pending.totp_pending_secret).not.toContain(setup.secret);
    await api(t, ACCOUNT_CONTRACTS.enableTwoFactor, { body: { code: await codeFor(setup.secret) } }, member);
    nextStep();
    const row = await t.app.ctx.db
      .selectFrom('staff')
      .select(['totp_secret', 'totp_pending_secret'])
      .where('email', '=', member.email)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^v1:/);
    expect(row.totp_secret).not.toContain(setup.secret);
    expect(row.totp_pending_secret).toBeNull();
    const challenge = (await signIn(member.email)).json().data.challenge;
    expect((await verify(challenge, await codeFor(setup.secret))).json().message).toBe(SERVER_MSG.loginOk);
  });

  it('refuses to enable with a wrong code, or before set-up', async () => {
    const member = await createMember(t, ROLE.Team);
    const early = await api(t, ACCOUNT_CONTRACTS.enableTwoFactor, { body: { code: '123456' } }, member);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(ACCOUNT_MSG.twoFactorSetupFirst);
    const { secret } = (await api(t, ACCOUNT_CONTRACTS.setupTwoFactor, {}, member)).json().data;
    const right = await codeFor(secret);
    const wrong = right === '000000' ? '000001' : '000000';
    const res = await api(t, ACCOUNT_CONTRACTS.enableTwoFactor, { body: { code: wrong } }, member);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: ACCOUNT_MSG.codeWrong,
      data: { errors: { code: ACCOUNT_MSG.codeWrong } },
    });
    const bad = await api(t, ACCOUNT_CONTRACTS.enableTwoFactor, { body: { code: '12ab' } }, member);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiRefusal>().data.errors.code).toBe(ACCOUNT_MSG.codeFormat);
    expect((await call(t, 'POST', '/api/admin/2fa/enable', member.token, {})).json<ApiRefusal>().data.errors.code).toBe(
      ACCOUNT_MSG.codeRequired,
    );
  });

  it('signs in in two steps: the password earns a challenge, the code a session', async () => {
    const member = await createMember(t, ROLE.Manager);
    const { secret } = await enrol(member);
    const first = await signIn(member.email);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.message).toBe(ACCOUNT_MSG.enterCode);
    expect(body.data).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    // the challenge is no staff token
    expect((await api(t, AUTH_CONTRACTS.userInfo, {}, body.data.challenge)).statusCode).toBe(401);
    const second = await verify(body.data.challenge, await codeFor(secret));
    expect(second.json()).toMatchObject({
      status: 1,
      message: SERVER_MSG.loginOk,
      data: { jwtToken: expect.any(String) },
    });
    expect((await api(t, AUTH_CONTRACTS.userInfo, {}, second.json().data.jwtToken)).statusCode).toBe(200);
  });

  it('never takes a code twice, nor an older one after a newer', async () => {
    const member = await createMember(t, ROLE.Team);
    const { secret } = await enrol(member);
    const code = await codeFor(secret);
    const a = (await signIn(member.email)).json().data.challenge;
    expect((await verify(a, code)).statusCode).toBe(200);
    const b = (await signIn(member.email)).json().data.challenge;
    const replay = await verify(b, code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(ACCOUNT_MSG.codeWrong);
    nextStep();
    expect((await verify(b, await codeFor(secret))).statusCode).toBe(200);
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const member = await createMember(t, ROLE.Team);
    const { recoveryCodes } = await enrol(member);
    const code = recoveryCodes[3] as string;
    const typed = code.replace('-', '').toUpperCase();
    const first = await verify((await signIn(member.email)).json().data.challenge, typed);
    expect(first.statusCode).toBe(200);
    const again = await verify((await signIn(member.email)).json().data.challenge, code);
    expect(again.statusCode).toBe(400);
    const account = (await api(t, ACCOUNT_CONTRACTS.account, {}, first.json().data.jwtToken)).json().data;
    expect(account.twoFactor.recoveryCodesLeft).toBe(9);
  });

  it('limits wrong codes per challenge and per account', async () => {
    const member = await createMember(t, ROLE.Team);
    const { secret } = await enrol(member);
    const right = await codeFor(secret);
    const wrong = right === '111111' ? '222222' : '111111';
    const challenge = (await signIn(member.email)).json().data.challenge;
    for (let i = 0; i < 5; i += 1) expect((await verify(challenge, wrong)).statusCode).toBe(400);
    const blocked = await verify(challenge, right);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(ACCOUNT_MSG.tooManyCodes);
    // a new password step buys no new guesses
    const fresh = (await signIn(member.email)).json().data.challenge;
    expect((await verify(fresh, right)).statusCode).toBe(429);
    // a quarter of an hour later the member may try again
    t.advance(15 * 60_000 + 1000);
    elapsed += 15 * 60_000 + 1000;
    const later = (await signIn(member.email)).json().data.challenge;
    expect((await verify(later, await codeFor(secret))).statusCode).toBe(200);
  });

  it('lets a challenge expire after five minutes, and refuses a forged or foreign one', async () => {
    const member = await createMember(t, ROLE.Team);
    const { secret } = await enrol(member);
    const challenge = (await signIn(member.email)).json().data.challenge as string;
    t.advance(5 * 60_000 + 1000);
    elapsed += 5 * 60_000 + 1000;
    const late = await verify(challenge, await codeFor(secret));
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(ACCOUNT_MSG.challengeExpired);
    // a staff token is no challenge
    expect((await verify(member.token, await codeFor(secret))).statusCode).toBe(401);
    expect((await verify('x', '123456')).statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login/verify',
      payload: { code: '123456' },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('a password changed after the password step voids the challenge', async () => {
    const member = await createMember(t, ROLE.Team);
    const { secret } = await enrol(member);
    const challenge = (await signIn(member.email)).json().data.challenge;
    const session = await verify((await signIn(member.email)).json().data.challenge, await codeFor(secret));
    nextStep();
    await reauth(t, session.json().data.jwtToken);
    await api(t, AUTH_CONTRACTS.changePassword, { body: { newPassword: 'Changed#123' } }, session.json().data.jwtToken);
    const res = await verify(challenge, await codeFor(secret));
    expect(res.statusCode).toBe(401);
  });

  it('turns off with a code from the app, and then signs in with the password alone', async () => {
    const member = await createMember(t, ROLE.Telecaller);
    const { secret } = await enrol(member);
    await reauth(t, member.token);
    const res = await api(t, ACCOUNT_CONTRACTS.disableTwoFactor, { body: { code: await codeFor(secret) } }, member);
    expect(res.json()).toMatchObject({ status: 1, message: ACCOUNT_MSG.twoFactorOff });
    expect((await signIn(member.email)).json().data.jwtToken).toEqual(expect.any(String));
    const twice = await api(t, ACCOUNT_CONTRACTS.disableTwoFactor, { body: { code: '123456' } }, member);
    expect(twice.statusCode).toBe(409);
  });

  describe('reset by an Admin', () => {
    it('switches a member’s 2FA off; they sign in with the password and may enrol again', async () => {
      const admin = await createMember(t, ROLE.Admin);
      const member = await createMember(t, ROLE.Team);
      await enrol(member);
      const res = await api(
        t,
        ACCOUNT_CONTRACTS.resetMemberTwoFactor,
        { body: { teamMemberId: encodeId(member.id) } },
        admin,
      );
      expect(res.json()).toMatchObject({ status: 1, message: ACCOUNT_MSG.twoFactorReset });
      expect((await signIn(member.email)).json().data.jwtToken).toEqual(expect.any(String));
      const list = (await api(t, TEAM_CONTRACTS.list, {}, admin)).json().data;
      expect(list.find((m: { id: string }) => m.id === encodeId(member.id))!.two_factor_enabled).toBe(false);
      expect(
        await t.app.ctx.db.selectFrom('staff_recovery_codes').selectAll().where('staff_id', '=', member.id).execute(),
      ).toEqual([]);
      // the audit log names who did it to whom (DESIGN §16)
      const audit = await t.app.ctx.db
        .selectFrom('audit_log')
        .select(['action', 'member_id', 'target'])
        .where('action', 'in', ['two_factor_enabled', 'two_factor_reset'])
        .where((eb) => eb.or([eb('member_id', '=', member.id), eb('target', '=', member.email)]))
        .orderBy('id')
        .execute();
      expect(audit).toEqual([
        { action: 'two_factor_enabled', member_id: member.id, target: null },
        { action: 'two_factor_reset', member_id: admin.id, target: member.email },
      ]);
    });

    it('is Admin only (403 for the others), 404 for an unknown member, 409 when it is off, 400 without an id', async () => {
      const admin = await createMember(t, ROLE.Admin);
      const member = await createMember(t, ROLE.Team);
      const body = { teamMemberId: encodeId(member.id) };
      for (const type of [ROLE.Manager, ROLE.Team, ROLE.Telecaller, ROLE.NightStaff]) {
        const caller = await createMember(t, type);
        expect((await api(t, ACCOUNT_CONTRACTS.resetMemberTwoFactor, { body }, caller)).statusCode).toBe(403);
      }
      expect((await api(t, ACCOUNT_CONTRACTS.resetMemberTwoFactor, { body })).statusCode).toBe(401);
      const off = await api(t, ACCOUNT_CONTRACTS.resetMemberTwoFactor, { body }, admin);
      expect(off.statusCode).toBe(409);
      const unknown = await api(t, ACCOUNT_CONTRACTS.resetMemberTwoFactor, { body: { teamMemberId: 'zz' } }, admin);
      expect(unknown.statusCode).toBe(404);
      expect((await call(t, 'POST', '/api/admin/team-member-2fa-reset', admin.token, {})).statusCode).toBe(400);
    });
  });

  it('answers 401 without a token on every own-account route', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/account'],
      ['POST', '/api/admin/2fa/setup'],
      ['POST', '/api/admin/2fa/enable'],
      ['POST', '/api/admin/2fa/disable'],
    ] as const) {
      expect((await call(t, method, url, undefined, { code: '123456' })).statusCode).toBe(401);
    }
  });
});

describeEachDialect('REQUIRE_2FA', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { REQUIRE_2FA: 'Admin,Manager' }, { clockStart: START });
  });
  afterAll(() => t.close());

  it('lets a required member without 2FA sign in, then holds every other route until they enrol', async () => {
    const admin = await createMember(t, ROLE.Admin);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: admin.email, password: TEST_PASSWORD },
    });
    expect(first.json().data).toEqual({ jwtToken: expect.any(String), twoFactorSetupRequired: true });
    const token = first.json().data.jwtToken;
    const held = await api(t, ORDERS_CONTRACTS.folderCounts, {}, token);
    expect(held.statusCode).toBe(403);
    expect(held.json().message).toBe(ACCOUNT_MSG.twoFactorRequired);
    for (const url of ['/api/user_info', '/api/admin/account', '/api/admin/sessions']) {
      expect((await call(t, 'GET', url, token)).statusCode).toBe(200);
    }
    const account = (await api(t, ACCOUNT_CONTRACTS.account, {}, token)).json().data as AccountRecord;
    expect(account.twoFactor).toMatchObject({ enabled: false, required: true });
    const { secret } = (await api(t, ACCOUNT_CONTRACTS.setupTwoFactor, {}, token)).json().data;
    const code = await generate({ secret, epoch: Math.floor(START / 1000) });
    expect((await api(t, ACCOUNT_CONTRACTS.enableTwoFactor, { body: { code } }, token)).statusCode).toBe(200);
    expect((await api(t, ORDERS_CONTRACTS.folderCounts, {}, token)).statusCode).toBe(200);
    // required: it cannot be turned off
    t.advance(30_000);
    const next = await generate({ secret, epoch: Math.floor((START + 30_000) / 1000) });
    await reauth(t, token);
    const off = await api(t, ACCOUNT_CONTRACTS.disableTwoFactor, { body: { code: next } }, token);
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(ACCOUNT_MSG.twoFactorStillRequired);
  });

  it('asks nothing of the types it does not name', async () => {
    const team = await createMember(t, ROLE.Team);
    expect((await api(t, ORDERS_CONTRACTS.folderCounts, {}, team)).statusCode).toBe(200);
    const token = await login(t, team.email, TEST_PASSWORD);
    expect((await api(t, ACCOUNT_CONTRACTS.account, {}, token)).json().data.twoFactor.required).toBe(false);
  });
});
