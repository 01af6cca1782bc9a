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

export function readRememberedEmail(): string {
  return localStorage.getItem(REMEMBER_KEY) ?? '';
}

export function rememberEmail(email: string | null): void {
  if (email) localStorage.setItem(REMEMBER_KEY, email);
  else localStorage.removeItem(REMEMBER_KEY);
}
