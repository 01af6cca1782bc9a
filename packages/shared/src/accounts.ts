/**
 * Staff accounts (DESIGN §17): sessions, two-factor sign-in and password reset. The figures and
 * texts server and web share, written once.
 */

/** a session's last_seen_at is written at most this often */
export const SESSION_TOUCH_MS = 60_000;
/** the sign-in challenge between password and code */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
/** RFC 6238's step, and how many steps either side of now a code is taken (clocks drift) */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_WINDOW_STEPS = 1;
/** recovery codes given at enrolment, each usable once */
export const RECOVERY_CODE_COUNT = 10;
/** a password reset link stays good this long, once */
export const PASSWORD_RESET_MINUTES = 30;
/** wrong codes a challenge or an account takes in a quarter of an hour before it is refused for a while */
export const TWO_FACTOR_FAILURES_ALLOWED = 5;
/** "Confirm it is you" (DESIGN §22): a confirmation lets the session make sensitive changes this long */
export const REAUTH_MINUTES = 10;

/** the web's own path of a reset link (the mail links here; the sign-in screen's form posts the token) */
export const RESET_PASSWORD_PATH = '/admin/reset-password';

/** A TOTP: six digits. A recovery code: ten letters and digits, shown as two groups of five. */
export const TOTP_CODE = /^\d{6}$/;
export const RECOVERY_CODE = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i;

export const ACCOUNT_MSG = {
  loggedOut: 'Logged out successfully',
  sessionEnded: 'Session ended.',
  sessionNotFound: 'Session not found.',
  enterCode: 'Enter the 6-digit code from your authenticator app.',
  codeRequired: 'Please enter the code.',
  codeFormat: 'Enter the 6-digit code, or a recovery code such as abcde-12345.',
  codeWrong: 'That code is not right. Please try again.',
  challengeExpired: 'Your sign-in took too long. Please enter your email and password again.',
  tooManyCodes: 'Too many wrong codes. Please wait a few minutes and try again.',
  twoFactorRequired: 'Two-factor sign-in is required for your account.',
  twoFactorOn: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  twoFactorOff: 'Two-factor sign-in is off.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  twoFactorNotOn: 'Two-factor sign-in is not on.',
  twoFactorSetupFirst: 'Start the set-up first: scan a new QR code.',
  twoFactorStillRequired: 'Your account type requires two-factor sign-in; it cannot be turned off.',
  twoFactorReset: 'Two-factor sign-in was reset. The member sets it up again at the next sign-in.',
  resetLinkSent: 'If the address belongs to a team member, a reset link is on its way.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  resetTokenRequired: 'The reset link is incomplete. Please open it again from the email.',
  passwordReset: 'Your password is reset. Please sign in with the new one.',
  /** DESIGN §22: a sensitive change asks for a confirmation made in the last REAUTH_MINUTES */
  reauthRequired: 'Confirm it is you to continue.',
  reauthDone: 'Thank you. You can go on.',
  reauthMissing: 'Please enter your password or a code from your app.',
  passwordWrong: 'That password is not right. Please try again.',
  recoveryCodesRenewed: 'New recovery codes are ready; the old ones no longer work. Keep these somewhere safe.',
} as const;

/** The `data` of the 403 a route answers when it needs a fresh confirmation (DESIGN §22). */
export const REAUTH_REQUIRED_DATA = { reauthRequired: true } as const;

/** True for a reply asking the member to confirm it is them (the web then asks and tries again). */
export function asksForReauth(reply: { status?: unknown; data?: unknown } | null | undefined): boolean {
  const data = reply?.data as { reauthRequired?: unknown } | null | undefined;
  return typeof data === 'object' && data !== null && data.reauthRequired === true;
}

/** "Chrome 131 on Windows": the browser and system of a session, as a person names them. */
export interface SessionDevice {
  browser: string | null;
  os: string | null;
}
export function deviceLabel(device: SessionDevice): string {
  if (device.browser && device.os) return `${device.browser} on ${device.os}`;
  return device.browser ?? device.os ?? 'Unknown device';
}
