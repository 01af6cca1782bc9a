import { ACCOUNT_CONTRACTS, ACCOUNT_MSG, REAUTH_MINUTES, ROLE, SERVER_MSG } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsOn, MINUTE, passwordThenCode, START } from './accounts-fixtures.ts';
import { api } from './api-client.ts';
import {
  buildTestApp,
  createMember,
  describeEachDialect,
  type Member,
  TEST_PASSWORD,
  type TestApp,
} from './test-app.ts';

/** "Confirm it is you" (DESIGN §22): the confirmation itself, its limits, and new recovery codes. */
describeEachDialect('confirm it is you', (dialect) => {
  let t: TestApp;
  let a: ReturnType<typeof accountsOn>;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { clockStart: START });
    a = accountsOn(t);
  });
  afterAll(() => t.close());
  // the app is built in beforeAll: these reach it when called
  const advance = (ms: number) => a.advance(ms);
  const codeFor = (secret: string) => a.codeFor(secret);
  const confirm = (token: string, body: unknown) => a.confirm(token, body);
  const byPassword = (member: Member) => a.byPassword(member);
  const enrolled = () => a.enrolled();
  const signInWith = (member: Member, code: string) => a.signInWith(member, code);

  it('confirms with the password, an app code or a recovery code, for that session only', async () => {
    const member = await enrolled();
    const other = await signInWith(member, member.recoveryCodes[0] as string);
    const renew = (token: string) => api(t, ACCOUNT_CONTRACTS.recoveryCodes, {}, token);
    const res = await byPassword(member);
    expect(res.json()).toEqual({
      status: 1,
      message: ACCOUNT_MSG.reauthDone,
      data: { confirmedUntil: new Date(a.now() + REAUTH_MINUTES * MINUTE).toISOString() },
    });
    expect((await renew(member.token)).statusCode).toBe(200);
    // the member's other session is not confirmed by it
    expect((await renew(other)).statusCode).toBe(403);
    expect((await confirm(other, { code: await codeFor(member.secret) })).statusCode).toBe(200);
    const fresh = (await renew(other)).json().data.recoveryCodes as string[];
    advance(REAUTH_MINUTES * MINUTE);
    expect((await renew(other)).statusCode).toBe(403);
    expect((await confirm(other, { code: fresh[0] })).statusCode).toBe(200);
    // a recovery code is taken once
    expect((await confirm(other, { code: fresh[0] })).json().message).toBe(ACCOUNT_MSG.codeWrong);
    expect((await renew(other)).statusCode).toBe(200);
  });

  it('refuses a wrong password or code, neither or both, each with its message', async () => {
    const member = await createMember(t, ROLE.Team);
    const wrong = await confirm(member.token, { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      status: 0,
      message: ACCOUNT_MSG.passwordWrong,
      data: { errors: { password: ACCOUNT_MSG.passwordWrong } },
    });
    // without 2FA on there is no code to be right
    expect((await confirm(member.token, { code: '123456' })).json().message).toBe(ACCOUNT_MSG.codeWrong);
    for (const body of [{}, { password: TEST_PASSWORD, code: '123456' }]) {
      const res = await confirm(member.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ACCOUNT_MSG.reauthMissing);
    }
    expect((await api(t, ACCOUNT_CONTRACTS.reauth, { body: { password: TEST_PASSWORD } })).statusCode).toBe(401);
  });

  it('counts wrong passwords with sign-in failures: 5 in 15 minutes, then 429 here and at sign-in', async () => {
    const member = await createMember(t, ROLE.Team);
    for (let i = 0; i < 5; i += 1)
      expect((await confirm(member.token, { password: `wrong-${i}` })).statusCode).toBe(400);
    const blocked = await byPassword(member);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(SERVER_MSG.tooManyAttempts);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: member.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(429);
    advance(15 * MINUTE + 1000);
    expect((await byPassword(member)).statusCode).toBe(200);
  });

  it('limits wrong codes on 2fa/disable: the 6th is refused with 429, and so is a right one until the window passes', async () => {
    const member = await enrolled();
    expect((await byPassword(member)).statusCode).toBe(200);
    const disable = async (code: string) => api(t, ACCOUNT_CONTRACTS.disableTwoFactor, { body: { code } }, member);
    const right = await codeFor(member.secret);
    const wrong = right === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i += 1) {
      const res = await disable(wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ACCOUNT_MSG.codeWrong);
    }
    const sixth = await disable(wrong);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(ACCOUNT_MSG.tooManyCodes);
    expect((await disable(right)).statusCode).toBe(429);
    // the same count holds a code at "confirm it is you"
    expect((await confirm(member.token, { code: right })).statusCode).toBe(429);
    advance(15 * MINUTE + 1000);
    expect((await byPassword(member)).statusCode).toBe(200);
    const off = await disable(await codeFor(member.secret));
    expect(off.json()).toEqual({ status: 1, message: ACCOUNT_MSG.twoFactorOff });
  });

  it('counts wrong codes at "confirm it is you" with those on 2fa/disable and at sign-in', async () => {
    const member = await enrolled();
    expect((await byPassword(member)).statusCode).toBe(200);
    const right = await codeFor(member.secret);
    const wrong = right === '111111' ? '222222' : '111111';
    for (let i = 0; i < 3; i += 1) expect((await confirm(member.token, { code: wrong })).statusCode).toBe(400);
    for (let i = 0; i < 2; i += 1) {
      expect((await api(t, ACCOUNT_CONTRACTS.disableTwoFactor, { body: { code: wrong } }, member)).statusCode).toBe(
        400,
      );
    }
    const blocked = await confirm(member.token, { code: right });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(ACCOUNT_MSG.tooManyCodes);
    expect((await passwordThenCode(t, member.email, right)).statusCode).toBe(429);
  });

  describe('POST /api/admin/2fa/recovery-codes', () => {
    it('answers ten new codes once; the old ones stop working and the new ones sign in', async () => {
      const member = await enrolled();
      expect((await byPassword(member)).statusCode).toBe(200);
      const res = await api(t, ACCOUNT_CONTRACTS.recoveryCodes, {}, member);
      expect(res.json()).toMatchObject({ status: 1, message: ACCOUNT_MSG.recoveryCodesRenewed });
      const fresh = res.json().data.recoveryCodes as string[];
      expect(fresh).toHaveLength(10);
      expect(fresh.filter((c) => member.recoveryCodes.includes(c))).toEqual([]);
      const refused = await passwordThenCode(t, member.email, member.recoveryCodes[0] as string);
      expect(refused.statusCode).toBe(400);
      await signInWith(member, fresh[0] as string);
      const account = (await api(t, ACCOUNT_CONTRACTS.account, {}, member)).json().data;
      expect(account.twoFactor.recoveryCodesLeft).toBe(9);
      const audit = await t.app.ctx.db
        .selectFrom('audit_log')
        .select('action')
        .where('member_id', '=', member.id)
        .where('action', '=', 'recovery_codes_renewed')
        .execute();
      expect(audit).toHaveLength(1);
    });

    it('answers 409 while two-factor sign-in is off', async () => {
      const member = await createMember(t, ROLE.Team);
      expect((await byPassword(member)).statusCode).toBe(200);
      const res = await api(t, ACCOUNT_CONTRACTS.recoveryCodes, {}, member);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ACCOUNT_MSG.twoFactorNotOn);
    });
  });
});
