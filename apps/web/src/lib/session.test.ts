import { ROLE } from '@eta/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  REMEMBER_KEY,
  readRememberedEmail,
  readToken,
  readValidSession,
  rememberEmail,
  writeSession,
} from './session.ts';

/** SPEC §3's key, written out so a renamed constant fails here. */
const SESSION_KEY = 'user';

/** A Map behind the Storage calls the module makes. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  };
}

const user = { id: 3, name: 'Tara Team', email: 'tara@example.test', type: ROLE.Team };
const tokenOf = (payload: unknown) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the stored session (SPEC §3: localStorage `user` = { accessToken })', () => {
  it('writes and reads the token under `user`', () => {
    writeSession('tok.en.value');
    expect(storage.items.get(SESSION_KEY)).toBe(JSON.stringify({ accessToken: 'tok.en.value' }));
    expect(readToken()).toBe('tok.en.value');
    clearSession();
    expect(storage.items.has(SESSION_KEY)).toBe(false);
    expect(readToken()).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['no accessToken', '{}'],
    ['a token that is not a string', '{"accessToken":42}'],
    ['null', 'null'],
  ])('reads no token from %s', (_what, raw) => {
    storage.items.set(SESSION_KEY, raw);
    expect(readToken()).toBeNull();
  });

  it('gives a valid session back and keeps it', () => {
    const token = tokenOf({ user, exp: nowSeconds() + 3600 });
    writeSession(token);
    expect(readValidSession()).toEqual({ token, payload: { user, exp: nowSeconds() + 3600 } });
    expect(readToken()).toBe(token);
  });

  it('removes an expired session on the spot', () => {
    writeSession(tokenOf({ user, exp: nowSeconds() - 1 }));
    expect(readValidSession()).toBeNull();
    expect(storage.items.has(SESSION_KEY)).toBe(false);
  });

  it('removes a session whose token does not decode', () => {
    writeSession(tokenOf({ user: { ...user, type: 'Owner' }, exp: nowSeconds() + 3600 }));
    expect(readValidSession()).toBeNull();
    expect(storage.items.has(SESSION_KEY)).toBe(false);
  });

  it('has nothing to remove when nothing is stored', () => {
    expect(readValidSession()).toBeNull();
    expect(storage.items.size).toBe(0);
  });
});

describe('remember me: the email only', () => {
  it('keeps the email, and forgets it when given none', () => {
    expect(readRememberedEmail()).toBe('');
    rememberEmail('ada@example.test');
    expect(storage.items.get(REMEMBER_KEY)).toBe('ada@example.test');
    expect(readRememberedEmail()).toBe('ada@example.test');
    rememberEmail(null);
    expect(storage.items.has(REMEMBER_KEY)).toBe(false);
  });
});
