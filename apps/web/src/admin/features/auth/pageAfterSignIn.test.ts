import { describe, expect, it } from 'vitest';
import { pageAfterSignIn, signInPathFor } from './pageAfterSignIn.ts';

describe('landing on the page a signed-out member opened', () => {
  it('remembers an admin page, with its query, and leads there after signing in', () => {
    const signIn = signInPathFor('/admin/view-order/VUtFVEEtMQ', '?tab=mail');
    expect(signIn).toBe('/?next=%2Fadmin%2Fview-order%2FVUtFVEEtMQ%3Ftab%3Dmail');
    expect(pageAfterSignIn(new URL(signIn, 'http://desk.test').search)).toBe('/admin/view-order/VUtFVEEtMQ?tab=mail');
  });

  it('sends anything else to the dashboard, never to another site', () => {
    expect(signInPathFor('/nowhere', '')).toBe('/');
    expect(pageAfterSignIn('')).toBe('/admin');
    for (const next of [
      '//evil.test/admin/x',
      'https://evil.test/admin/',
      '/admin/\\\\evil.test',
      '/logout',
      '/admin//evil.test',
    ])
      expect(pageAfterSignIn(`?next=${encodeURIComponent(next)}`), next).toBe('/admin');
  });
});
