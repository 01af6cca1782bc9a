import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.ts';

const user = { id: 7, name: 'Tess Team', email: 'tess@example.test', type: 'Team' as const };

describe('token service', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a token it verified before from memory, and still lets it expire', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 22, 9), toFake: ['Date'] });
    const tokens = createTokenService('s'.repeat(40), 60);
    const token = await tokens.sign(user, 3, 'sid-1');
    expect(await tokens.verify(token)).toEqual({ user, ver: 3, sid: 'sid-1' });
    expect(await tokens.verify(token)).toEqual({ user, ver: 3, sid: 'sid-1' });
    vi.setSystemTime(Date.UTC(2026, 10, 22, 9, 0, 59, 999));
    expect(await tokens.verify(token)).toEqual({ user, ver: 3, sid: 'sid-1' });
    vi.setSystemTime(Date.UTC(2026, 10, 22, 9, 1, 0));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('never takes a token with another signature for a remembered one', async () => {
    const tokens = createTokenService('s'.repeat(40), 60);
    const token = await tokens.sign(user, 0, 'sid-1');
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    const other = createTokenService('t'.repeat(40), 60);
    expect(await other.verify(token)).toBeNull();
  });
});
