import { decodeToken, isExpired, type TokenPayload } from './jwt.ts';

/** SPEC §3: the session lives in localStorage under `user` as { accessToken }. */
export const SESSION_KEY = 'user';
/** Remember-me keeps only the email address for the next sign-in (the password is never stored). */
export const REMEMBER_KEY = 'rememberEmail';

export interface StoredSession {
  accessToken: string;
}

export function readToken(): string | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    return typeof parsed.accessToken === 'string' ? parsed.accessToken : null;
  } catch {
    return null;
  }
}

export function writeSession(accessToken: string): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ accessToken } satisfies StoredSession));
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(ENROL_KEY);
}

/** The stored session if it decodes and has not expired; an expired one is removed on the spot. */
export function readValidSession(): { token: string; payload: TokenPayload } | null {
  const token = readToken();
  const payload = token ? decodeToken(token) : null;
  if (!token || !payload || isExpired(payload)) {
    if (token) clearSession();
    return null;
  }
  return { token, payload };
}

/**
 * DESIGN §17: REQUIRE_2FA names the member's type and they have not enrolled. Kept beside the
 * session so a reload still sends them to enrolment; cleared when they enrol or sign out.
 */
export const ENROL_KEY = 'twoFactorSetupRequired';
export const readEnrolmentRequired = (): boolean => localStorage.getItem(ENROL_KEY) === '1';
export function markEnrolmentRequired(required: boolean): void {
  if (required) localStorage.setItem(ENROL_KEY, '1');
  else localStorage.removeItem(ENROL_KEY);
}

export function readRememberedEmail(): string {
  return localStorage.getItem(REMEMBER_KEY) ?? '';
}

export function rememberEmail(email: string | null): void {
  if (email) localStorage.setItem(REMEMBER_KEY, email);
  else localStorage.removeItem(REMEMBER_KEY);
}
