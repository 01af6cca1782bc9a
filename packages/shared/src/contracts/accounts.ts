import { z } from 'zod';
import {
  accountRecordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  sessionRecordSchema,
  teamMemberRefSchema,
  totpCodeSchema,
  twoFactorSetupSchema,
  verifyLoginSchema,
} from '../schemas/accounts.ts';
import { contract } from './contract.ts';
import { ACCOUNT_API } from './endpoints.ts';
import { signInReplySchema } from './sign-in.ts';

/** The caller's own account: open before enrolment too, so REQUIRE_2FA can send them to it. */
const own = { capability: 'signedIn', beforeTwoFactor: true } as const;
const tag = 'Accounts';

/** Staff accounts (DESIGN §17): sessions, two-factor sign-in, password reset. */
export const ACCOUNT_CONTRACTS = {
  verifyLogin: contract(ACCOUNT_API.verifyLogin, {
    summary: 'Second step of sign-in: the code for the challenge admin-login gave',
    description:
      'A TOTP from the authenticator app or an unused recovery code. The challenge is good for 5 minutes; wrong codes are limited per challenge and per account (429 beyond).',
    tag,
    access: { scope: 'public' },
    body: verifyLoginSchema,
    data: signInReplySchema,
  }),
  logout: contract(ACCOUNT_API.logout, {
    summary: "End the caller's session (its token is refused from now on, on every instance)",
    tag,
    access: own,
    data: null,
  }),
  account: contract(ACCOUNT_API.account, {
    summary: "The caller's account: name, type and two-factor state",
    tag,
    access: own,
    data: accountRecordSchema,
  }),
  sessions: contract(ACCOUNT_API.sessions, {
    summary: "The caller's sessions still open, the newest first",
    tag,
    access: own,
    data: z.array(sessionRecordSchema),
  }),
  revokeSession: contract(ACCOUNT_API.revokeSession, {
    summary: 'End a session: one of the caller’s own, or (Admin, Manager) a member’s they may manage',
    description: 'Anyone else gets 404, as for a session that does not exist.',
    tag,
    access: own,
    params: z.strictObject({ id: z.string().min(1).max(64) }),
    data: null,
  }),
  memberSessions: contract(ACCOUNT_API.memberSessions, {
    summary: "A team member's open sessions (Manage Team; a Manager never an Admin's)",
    tag,
    access: { capability: 'team.manage' },
    params: z.strictObject({ teamMemberId: z.string().min(1).max(64) }),
    data: z.array(sessionRecordSchema),
  }),
  setupTwoFactor: contract(ACCOUNT_API.setupTwoFactor, {
    summary: 'Begin two-factor enrolment: a new secret and its QR code (not on until enabled with a code)',
    tag,
    access: own,
    data: twoFactorSetupSchema,
  }),
  enableTwoFactor: contract(ACCOUNT_API.enableTwoFactor, {
    summary: 'Turn two-factor sign-in on with a code from the app; answers ten recovery codes, shown once',
    tag,
    access: own,
    body: totpCodeSchema,
    data: z.strictObject({ recoveryCodes: z.array(z.string()) }),
  }),
  disableTwoFactor: contract(ACCOUNT_API.disableTwoFactor, {
    summary: 'Turn two-factor sign-in off with a code from the app (refused where REQUIRE_2FA names the type)',
    tag,
    access: { capability: 'signedIn' },
    body: totpCodeSchema,
    data: null,
  }),
  resetMemberTwoFactor: contract(ACCOUNT_API.resetMemberTwoFactor, {
    summary: "Switch off a member's two-factor sign-in (a lost phone); they enrol again",
    tag,
    access: { capability: 'team.resetTwoFactor' },
    body: teamMemberRefSchema,
    data: null,
  }),
  forgotPassword: contract(ACCOUNT_API.forgotPassword, {
    summary: 'Mail a password reset link (the same answer whether or not the address is a member’s)',
    description: 'Limited per IP address and per account (429 beyond the IP limit).',
    tag,
    access: { scope: 'public' },
    body: forgotPasswordSchema,
    data: null,
  }),
  resetPassword: contract(ACCOUNT_API.resetPassword, {
    summary: 'Set a new password with the link from the mail; every session of the member ends',
    tag,
    access: { scope: 'public' },
    body: resetPasswordSchema,
    data: null,
  }),
};
