import { ACCOUNT_CONTRACTS, ROLE, type Role } from '@eta/shared';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { api } from './api-client.ts';
import { createMember, type Member, TEST_PASSWORD, type TestApp } from './test-app.ts';

/** The app's clock stands still at this instant but for advance(): codes are computed for it here. */
export const START = Date.UTC(2026, 10, 25, 9, 0, 10);
export const MINUTE = 60_000;

/** The two steps of a sign-in with a second factor: the password, then `code` against its challenge. */
export async function passwordThenCode(t: TestApp, email: string, code: string) {
  const challenge = await t.app.inject({
    method: 'POST',
    url: '/api/admin/admin-login',
    payload: { email, password: TEST_PASSWORD },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/admin-login/verify',
    payload: { challenge: challenge.json().data.challenge, code },
  });
}

export type EnrolledMember = Member & { secret: string; recoveryCodes: string[] };

/**
 * Two-factor members on an app whose clock starts at START ("confirm it is you", DESIGN §22): the
 * clock moved forward as the tests need, the app's code for now, enrolment and a sign-in with a code.
 */
export function accountsOn(t: TestApp) {
  let elapsed = 0;
  const advance = (ms: number) => {
    t.advance(ms);
    elapsed += ms;
  };
  const codeFor = (secret: string) => generate({ secret, epoch: Math.floor((START + elapsed) / 1000) });
  const confirm = (token: string, body: unknown) => api.raw(t, ACCOUNT_CONTRACTS.reauth, { body }, token);
  return {
    advance,
    /** the app's clock now */
    now: () => START + elapsed,
    codeFor,
    confirm,
    byPassword: (member: Member) => confirm(member.token, { password: TEST_PASSWORD }),

    /** A member with two-factor sign-in on, from their own session. */
    async enrolled(type: Role = ROLE.Team): Promise<EnrolledMember> {
      const member = await createMember(t, type);
      const { secret } = (await api(t, ACCOUNT_CONTRACTS.setupTwoFactor, {}, member)).json().data;
      const enable = await api(t, ACCOUNT_CONTRACTS.enableTwoFactor, { body: { code: await codeFor(secret) } }, member);
      expect(enable.statusCode).toBe(200);
      advance(30_000);
      return { ...member, secret, recoveryCodes: enable.json().data.recoveryCodes };
    },

    /** A session of `member` opened with the password and `code`. */
    async signInWith(member: Member, code: string): Promise<string> {
      const verify = await passwordThenCode(t, member.email, code);
      expect(verify.statusCode).toBe(200);
      return verify.json().data.jwtToken;
    },
  };
}
