import { ADMIN_ROUTE } from '@eta/shared';
import { describe, expect, it } from 'vitest';
import { pageAfterSignIn, signInPathFor } from './pageAfterSignIn.ts';

const ORDER_PAGE = `${ADMIN_ROUTE.viewOrder}/VUtFVEEtMQ`;

describe('landing on the page a signed-out member opened', () => {
  it('remembers an admin page, with its query, and leads there after signing in', () => {
    const signIn = signInPathFor(ORDER_PAGE, '?tab=mail');
    expect(signIn).toBe(`/?next=${encodeURIComponent(`${ORDER_PAGE}?tab=mail`)}`);
    expect(pageAfterSignIn(new URL(signIn, 'http://desk.test').search)).toBe(`${ORDER_PAGE}?tab=mail`);
  });

  it('sends anything else to the dashboard, never to another site', () => {
    expect(signInPathFor('/nowhere', '')).toBe('/');
    expect(pageAfterSignIn('')).toBe(ADMIN_ROUTE.dashboard);
    // what an attacker would put in the link: written out, since none of it is one of our routes
    for (const next of [
      `//evil.test${ADMIN_ROUTE.dashboard}/x`,
      `https://evil.test${ADMIN_ROUTE.dashboard}/`,
      `${ADMIN_ROUTE.dashboard}/\\\\evil.test`,
      '/logout',
      `${ADMIN_ROUTE.dashboard}//evil.test`,
    ])
      expect(pageAfterSignIn(`?next=${encodeURIComponent(next)}`), next).toBe(ADMIN_ROUTE.dashboard);
  });
});
