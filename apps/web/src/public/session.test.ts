import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessFor, clearAccess, saveAccess } from './session.ts';

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

/** An order access token as the track call returns it: only `exp` is read here. */
const accessToken = (exp: number, extra: Record<string, unknown> = {}) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ exp, ...extra })).toString('base64url')}.sig`;
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('sessionStorage', storage);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the public access token (DESIGN §8)', () => {
  it('is given back for its own order only', () => {
    const token = accessToken(inSeconds(1800));
    saveAccess('UKETA-AB12CD', token);
    expect(accessFor('UKETA-AB12CD')).toBe(token);
    expect(accessFor('UKETA-ZZ99ZZ')).toBeNull();
  });

  it('reads exp from unpadded base64url of any length', () => {
    // Payload lengths with every remainder, and order ids with URL-unsafe base64 letters.
    for (const pad of ['', 'x', 'xx', 'xxx', '>>>???']) {
      const token = accessToken(inSeconds(1800), { sub: pad, orderId: 'UKETA-?>~' });
      saveAccess('UKETA-AB12CD', token);
      expect(accessFor('UKETA-AB12CD'), token).toBe(token);
    }
  });

  it('is dropped once expired, or when it has no exp or does not decode', () => {
    saveAccess('UKETA-AB12CD', accessToken(inSeconds(-1)));
    expect(accessFor('UKETA-AB12CD')).toBeNull();
    saveAccess('UKETA-AB12CD', `h.${Buffer.from('{}').toString('base64url')}.s`);
    expect(accessFor('UKETA-AB12CD')).toBeNull();
    saveAccess('UKETA-AB12CD', 'not-a-token');
    expect(accessFor('UKETA-AB12CD')).toBeNull();
  });

  it('is cleared, and a corrupt entry reads as none', () => {
    saveAccess('UKETA-AB12CD', accessToken(inSeconds(1800)));
    clearAccess();
    expect(accessFor('UKETA-AB12CD')).toBeNull();
    storage.items.set('eta-public-access', '{broken');
    expect(accessFor('UKETA-AB12CD')).toBeNull();
  });

  it('does not throw when storage is refused (privacy mode)', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    });
    expect(() => saveAccess('UKETA-AB12CD', accessToken(inSeconds(1800)))).not.toThrow();
    expect(accessFor('UKETA-AB12CD')).toBeNull();
    expect(() => clearAccess()).not.toThrow();
  });
});
