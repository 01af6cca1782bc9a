import { ROLE } from '@eta/shared';
import { describe, expect, it } from 'vitest';
import { decodeToken, isExpired } from './jwt.ts';

/** A token as the server signs it (the signature is never read on the client). */
const tokenOf = (payload: unknown) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url')}.c2lnbmF0dXJl`;

const user = { id: 7, name: 'Ada Admin', email: 'ada@example.test', type: ROLE.Admin };

describe('decodeToken', () => {
  it('reads the user, exp and iat of the payload', () => {
    expect(decodeToken(tokenOf({ user, exp: 2_000_000_000, iat: 1_999_956_800 }))).toEqual({
      user,
      exp: 2_000_000_000,
      iat: 1_999_956_800,
    });
  });

  it('decodes names as UTF-8 from unpadded base64url, whatever the length', () => {
    // Each name shifts the payload's length, so every padding case and the - and _ letters turn up.
    const names = ['Zoë Ångström', 'Łukasz Żółć', 'Þóra Ýr', '李小龍', 'Renée ~~~ ???>>>', 'a', 'ab', 'abc'];
    const tokens = names.map((name) => tokenOf({ user: { ...user, name } }));
    expect(tokens.some((t) => /[-_]/.test(t.split('.')[1] as string))).toBe(true);
    expect(new Set(tokens.map((t) => (t.split('.')[1] as string).length % 4)).size).toBeGreaterThanOrEqual(3);
    expect(tokens.map((t) => decodeToken(t)?.user.name)).toEqual(names);
  });

  it.each([
    ['no payload part', 'abc'],
    ['an empty payload part', 'a..b'],
    ['a payload that is not base64 JSON', 'a.%%%.b'],
    ['no user', tokenOf({ exp: 2_000_000_000 })],
    ['a user without a name', tokenOf({ user: { ...user, name: 42 } })],
    ['an unknown staff type', tokenOf({ user: { ...user, type: 'Owner' } })],
    ['a null payload', tokenOf(null)],
  ])('refuses %s', (_what, token) => {
    expect(decodeToken(token)).toBeNull();
  });
});

describe('isExpired', () => {
  const now = Date.parse('2030-01-01T00:00:00Z');
  const exp = now / 1000;

  it('compares exp in seconds with the clock in milliseconds', () => {
    expect(isExpired({ user, exp: exp + 1 }, now)).toBe(false);
    expect(isExpired({ user, exp }, now)).toBe(true);
    expect(isExpired({ user, exp: exp - 1 }, now)).toBe(true);
  });

  it('treats a token without exp as not expiring', () => {
    expect(isExpired({ user }, now)).toBe(false);
  });
});
