import { ACCOUNT_MSG, AUTH_CONTRACTS, MSG, RESET_PASSWORD_PATH, ROLE } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { drainOutbox } from '../src/modules/mail/mail.service.ts';
import { api } from './api-client.ts';
import { hrefOf, type SmtpSink, startSmtpSink } from './smtp-sink.ts';
import { buildTestApp, createMember, describeEachDialect, login, TEST_PASSWORD, type TestApp } from './test-app.ts';

const ADMIN_BASE_URL = 'https://desk.example.test';

/** DESIGN §17: "Forgot password?" by mail through the outbox, to a real SMTP server on loopback. */
describeEachDialect('password reset', (dialect) => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp(dialect, { MAIL_CLOUD_URL: smtp.url, MAIL_DELIVERY_URL: smtp.url, ADMIN_BASE_URL });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/forgot-password', payload: { email } });
  const reset = (token: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/reset-password', payload: { token, newPassword } });

  /** Asks for a link for `email` and reads it out of the mail that arrived. */
  async function linkFor(email: string): Promise<string> {
    const before = smtp.messages.length;
    expect((await forgot(email)).json()).toEqual({ status: 1, message: ACCOUNT_MSG.resetLinkSent });
    await drainOutbox(t.app);
    const mail = smtp.messages.slice(before).find((m) => JSON.stringify(m.to ?? '').includes(email.toLowerCase()));
    expect(mail?.subject).toBe('Reset your eTA Desk password');
    const href = hrefOf(String(mail?.html), 'Choose a new password') as string;
    expect(href.startsWith(`${ADMIN_BASE_URL}${RESET_PASSWORD_PATH}/`)).toBe(true);
    expect(mail?.text).toContain(href);
    return href.slice(href.lastIndexOf('/') + 1);
  }

  it('mails a one-time link; the new password works, the old does not, and every session ends', async () => {
    const member = await createMember(t, ROLE.Team);
    const other = await login(t, member.email, TEST_PASSWORD);
    const token = await linkFor(member.email.toUpperCase());
    const res = await reset(token, 'Brand#New1');
    expect(res.json()).toEqual({ status: 1, message: ACCOUNT_MSG.passwordReset });
    for (const old of [member.token, other]) {
      expect((await api(t, AUTH_CONTRACTS.userInfo, {}, old)).statusCode).toBe(401);
    }
    await expect(login(t, member.email, TEST_PASSWORD)).rejects.toThrow();
    await login(t, member.email, 'Brand#New1');
    const audit = await t.app.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'member_id'])
      .where('target', '=', member.email)
      .where('action', 'like', 'password_reset%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'password_reset_requested', member_id: null },
      { action: 'password_reset', member_id: member.id },
    ]);
    const again = await reset(token, 'Other#New2');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ACCOUNT_MSG.resetLinkInvalid);
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const before = smtp.messages.length;
    expect((await forgot('nobody@example.test')).json()).toEqual({ status: 1, message: ACCOUNT_MSG.resetLinkSent });
    await drainOutbox(t.app);
    expect(smtp.messages.length).toBe(before);
  });

  it('lets a link expire after thirty minutes, and a newer password voids older links', async () => {
    const member = await createMember(t, ROLE.Telecaller);
    const first = await linkFor(member.email);
    const second = await linkFor(member.email);
    expect((await reset(second, 'Second#123')).statusCode).toBe(200);
    expect((await reset(first, 'First#1234')).statusCode).toBe(400);
    const third = await linkFor(member.email);
    t.advance(30 * 60_000 + 1000);
    const late = await reset(third, 'Late#12345');
    expect(late.statusCode).toBe(400);
    expect(late.json().data.errors.token).toBe(ACCOUNT_MSG.resetLinkInvalid);
  });

  it('mails one account at most three links an hour', async () => {
    const member = await createMember(t, ROLE.NightStaff);
    const before = smtp.messages.length;
    for (let i = 0; i < 5; i += 1) expect((await forgot(member.email)).statusCode).toBe(200);
    await drainOutbox(t.app);
    expect(smtp.messages.length - before).toBe(3);
  });

  it('checks the new password as Update Password does, and the email as sign-in does', async () => {
    expect((await reset('whatever', '123')).json().data.errors.newPassword).toBe(MSG.newPasswordMin);
    expect((await reset('whatever', '')).json().data.errors.newPassword).toBe(MSG.newPasswordRequired);
    expect((await reset('', 'Good#1234')).json().data.errors.token).toBe(ACCOUNT_MSG.resetTokenRequired);
    expect((await reset('not-a-token', 'Good#1234')).statusCode).toBe(400);
    expect((await forgot('not-an-email')).json().data.errors.email).toBe(MSG.invalidEmail);
    expect((await forgot('')).json().data.errors.email).toBe(MSG.emailRequired);
  });
});

describeEachDialect('password reset limits per IP', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { LOGIN_RATE_LIMIT_PER_IP: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 past the per-IP limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/forgot-password',
        payload: { email: 'someone@example.test' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
