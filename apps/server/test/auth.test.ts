import { AUTH_CONTRACTS, MSG, ROLE, SERVER_MSG } from '@eta/shared';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from './api-client.ts';
import {
  buildTestApp,
  call,
  createMember,
  describeEachDialect,
  login,
  reauth,
  TEST_PASSWORD,
  type TestApp,
} from './test-app.ts';

describeEachDialect('sign-in and sessions', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  const signIn = (payload: unknown) => api.raw(t, AUTH_CONTRACTS.login, { body: payload });

  it('signs in with email and password and returns a token that decodes to user.name and user.type', async () => {
    const member = await createMember(t, ROLE.Manager, 'Mary Manager');
    const res = await signIn({ email: member.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(1);
    const claims = decodeJwt((body.data as { jwtToken: string }).jwtToken);
    expect(claims.user).toMatchObject({ name: 'Mary Manager', type: 'Manager' });
    expect(typeof claims.exp).toBe('number');
    expect(typeof claims.iat).toBe('number');
    expect((claims.exp as number) - (claims.iat as number)).toBe(12 * 3600);
  });

  it('gives a wrong password and an unknown email the same answer', async () => {
    const member = await createMember(t, ROLE.Team);
    const wrongPassword = await signIn({ email: member.email, password: 'not-the-password' });
    const unknownEmail = await signIn({ email: 'nobody@example.test', password: 'not-the-password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json()).toMatchObject({ status: 401, message: SERVER_MSG.badCredentials });
  });

  it.each([
    [{ password: 'x' }, 'email', MSG.emailRequired],
    [{ email: '   ', password: 'x' }, 'email', MSG.emailRequired],
    [{ email: 'not-an-email', password: 'x' }, 'email', MSG.invalidEmail],
    [{ email: 'a@example.test' }, 'password', MSG.passwordRequired],
    [{ email: 'a@example.test', password: '' }, 'password', MSG.passwordRequired],
  ])('refuses %j with the sign-in message of SPEC §5', async (payload, field, message) => {
    const res = await signIn(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, message, data: { errors: { [field]: message } } });
  });

  it('refuses unknown keys in the body', async () => {
    const res = await signIn({ email: 'a@example.test', password: 'x', admin: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(0);
  });

  it('locks an account after repeated failures, even for the right password, while others sign in', async () => {
    const victim = await createMember(t, ROLE.Team);
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn({ email: victim.email, password: `guess-${i}` })).statusCode).toBe(401);
    }
    const locked = await signIn({ email: victim.email, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ status: 0, message: SERVER_MSG.tooManyAttempts });
    const other = await createMember(t, ROLE.Team);
    expect((await signIn({ email: other.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    t.advance(16 * 60 * 1000);
    expect((await signIn({ email: victim.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('answers user_info for the token holder, with or without the Bearer prefix', async () => {
    const member = await createMember(t, ROLE.NightStaff, 'Nora Night');
    for (const authorization of [member.token, `Bearer ${member.token}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user_info', headers: { authorization } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ name: 'Nora Night', type: 'Night Staff', email: member.email });
    }
  });

  it('refuses a missing, forged, unsigned or expired token with status 401', async () => {
    const member = await createMember(t, ROLE.Admin);
    const claims = decodeJwt(member.token);
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ user: claims.user, ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough'));
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ user: claims.user, ver: 0, iat: now, exp: now + 3600 })}.`;
    const expired = await new SignJWT({ user: claims.user, ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    for (const token of [null, 'garbage', forged, unsigned, expired]) {
      const res = await api(t, AUTH_CONTRACTS.userInfo, {}, token);
      expect(res.statusCode, String(token)).toBe(401);
      expect(res.json()).toEqual({ status: 401, message: SERVER_MSG.unauthorized });
    }
  });

  it('changes the password: the old token dies, the old password fails, the new one signs in', async () => {
    const member = await createMember(t, ROLE.Telecaller);
    await reauth(t, member.token);
    const res = await api(t, AUTH_CONTRACTS.changePassword, { body: { newPassword: 'brand-new-pass' } }, member);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(1);
    expect((await api(t, AUTH_CONTRACTS.userInfo, {}, member)).statusCode).toBe(401);
    expect((await signIn({ email: member.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    const fresh = await login(t, member.email, 'brand-new-pass');
    expect((await api(t, AUTH_CONTRACTS.userInfo, {}, fresh)).statusCode).toBe(200);
  });

  it.each([
    [{}, MSG.newPasswordRequired],
    [{ newPassword: '' }, MSG.newPasswordRequired],
    [{ newPassword: '12345' }, MSG.newPasswordMin],
  ])('refuses new password %j with the message of SPEC §5', async (payload, message) => {
    const member = await createMember(t, ROLE.Team);
    await reauth(t, member.token);
    const res = await call(t, 'POST', '/api/admin/change-password', member.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, message, data: { errors: { newPassword: message } } });
  });

  it('refuses change-password without a session', async () => {
    const res = await api(t, AUTH_CONTRACTS.changePassword, { body: { newPassword: 'whatever1' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(401);
  });
});

describeEachDialect('sign-in limit per IP', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { LOGIN_RATE_LIMIT_PER_IP: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 in the envelope once an address has tried too often', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await api(t, AUTH_CONTRACTS.login, { body: { email: `x${i}@example.test`, password: 'x' } });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json()).toMatchObject({ status: 0, message: SERVER_MSG.tooManyAttempts });
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});
