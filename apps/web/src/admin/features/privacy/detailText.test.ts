import { describe, expect, it } from 'vitest';
import { detailText, shortAgent } from './detailText.ts';

describe('audit detail as text', () => {
  it('writes changes as before → after, secrets as changed, and plain values as they are', () => {
    expect(detailText({ name: ['Nora', 'Nora N'], password: 'changed' })).toBe(
      'name: Nora → Nora N; password: changed',
    );
    expect(detailText({ reason: 'wrong password' })).toBe('reason: wrong password');
    expect(detailText({ gateway: [null, 'Stripe'], periods: { imagesDays: 30 } })).toBe(
      'gateway: — → Stripe; periods: imagesDays 30',
    );
    expect(detailText(null)).toBe('');
    expect(detailText({ session: 'XfDx_0g7R96fhIRiktN-uQsW' })).toBe('session: XfDx_0g7…');
  });

  it('shortens a user agent', () => {
    expect(shortAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36')).toBe(
      '(X11; Linux x86_64) AppleWebKit/537.36',
    );
    expect(shortAgent(null)).toBe('');
  });
});
