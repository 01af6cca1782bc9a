import { expect, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../fixtures.ts';

const tokens = new Map<string, string>();

/**
 * Opens the page signed in as a demo account without the sign-in screen: one sign-in per account
 * (through the API), its token put where SPEC §3 keeps the session (localStorage `user`) before the
 * app loads. Keyboard and axe checks start on the screen under test, not on the way to it.
 */
export async function signInByToken(page: Page, baseURL: string, account: keyof typeof DEMO): Promise<void> {
  let token = tokens.get(account);
  if (!token) {
    const res = await page.request.post(`${baseURL}/api/admin/admin-login`, {
      data: { email: DEMO[account], password: DEMO_PASSWORD },
    });
    expect(res.ok()).toBe(true);
    token = (await res.json()).data.jwtToken as string;
    tokens.set(account, token);
  }
  await page.addInitScript((accessToken) => {
    // init scripts run in every frame: a mail's sandboxed frame has no storage, and needs none
    if (window.self !== window.top) return;
    localStorage.setItem('user', JSON.stringify({ accessToken }));
  }, token);
}
