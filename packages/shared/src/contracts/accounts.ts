import { z } from 'zod';
import {
  accountRecordSchema,
  forgotPasswordSchema,
  reauthReplySchema,
  reauthSchema,
  recoveryCodesReplySchema,
  resetPasswordSchema,
  sessionRecordSchema,
  teamMemberRefSchema,
  totpCodeSchema,
  twoFactorSetupSchema,
  verifyLoginSchema,
} from '../schemas/accounts.ts';
import { contract } from './contract.ts';
import { at } from './endpoints.ts';
import { signInReplySchema } from './sign-in.ts';

/** Staff accounts (DESIGN §17): sessions, two-factor sign-in, password reset. */
export const ACCOUNT_API = {
  verifyLogin: at('POST', '/admin/admin-login/verify'),
  logout: at('POST', '/admin/logout'),
  account: at('GET', '/admin/account'),
  sessions: at('GET', '/admin/sessions'),
  revokeSession: at('DELETE', '/admin/sessions/:id'),
  memberSessions: at('GET', '/admin/team-member-sessions/:teamMemberId'),
  setupTwoFactor: at('POST', '/admin/2fa/setup'),
  enableTwoFactor: at('POST', '/admin/2fa/enable'),
  disableTwoFactor: at('POST', '/admin/2fa/disable'),
  recoveryCodes: at('POST', '/admin/2fa/recovery-codes'),
  reauth: at('POST', '/admin/reauth'),
  resetMemberTwoFactor: at('POST', '/admin/team-member-2fa-reset'),
  forgotPassword: at('POST', '/admin/forgot-password'),
  resetPassword: at('POST', '/admin/reset-password'),
};

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
    // not before enrolment: a session held back by REQUIRE_2FA ends no other session (DESIGN §22)
    access: { capability: 'signedIn' },
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
    data: recoveryCodesReplySchema,
  }),
  disableTwoFactor: contract(ACCOUNT_API.disableTwoFactor, {
    summary: 'Turn two-factor sign-in off with a code from the app (refused where REQUIRE_2FA names the type)',
    description: 'Wrong codes count with the account’s wrong sign-in codes: 5 in 15 minutes, then 429.',
    tag,
    access: { capability: 'signedIn', reauth: true },
    body: totpCodeSchema,
    data: null,
  }),
  recoveryCodes: contract(ACCOUNT_API.recoveryCodes, {
    summary: 'Ten new recovery codes, shown once; the old ones stop working',
    description: '409 when two-factor sign-in is not on.',
    tag,
    access: { capability: 'signedIn', reauth: true },
    data: recoveryCodesReplySchema,
  }),
  reauth: contract(ACCOUNT_API.reauth, {
    summary: 'Confirm it is you: the password, or a code from the app or a recovery code',
    description:
      'The session may then make the changes that ask for it (password, 2FA off, new recovery codes, erasure, subject export, gateway, an Admin added or changed) for 10 minutes. Wrong passwords count with sign-in failures, wrong codes with wrong sign-in codes: 5 per account in 15 minutes, then 429.',
    tag,
    access: { capability: 'signedIn' },
    body: reauthSchema,
    data: reauthReplySchema,
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
