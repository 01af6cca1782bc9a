import { type APIRequestContext, expect, type Page, request } from '@playwright/test';

/** Demo accounts seeded by `main.ts demo` (apps/server/src/seed/staff.ts). */
export const DEMO_PASSWORD = 'Demo@12345';
export const DEMO = {
  admin: 'admin@etadesk.demo',
  manager: 'manager@etadesk.demo',
  team: 'team@etadesk.demo',
  telecaller: 'telecaller@etadesk.demo',
  night: 'night@etadesk.demo',
} as const;

/** Signs in through the real sign-in screen and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email ID').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** An API client signed in as `email`, for setting up data the way another staff member would. */
export async function apiAs(baseURL: string, email: string, password = DEMO_PASSWORD): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL });
  const res = await anonymous.post('/api/admin/admin-login', { data: { email, password } });
  expect(res.ok()).toBe(true);
  const token = (await res.json()).data.jwtToken as string;
  await anonymous.dispose();
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { authorization: token } });
  // "Confirm it is you" (DESIGN §22) at once: set-up calls may add an Admin, switch a gateway or
  // change the password, as the member would after confirming in the modal
  expect((await api.post('/api/admin/reauth', { data: { password } })).ok()).toBe(true);
  return api;
}

/** Answers the "Confirm it is you" modal (DESIGN §22) with the password; the refused call then goes through. */
export async function confirmItIsYou(page: Page, password = DEMO_PASSWORD): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await dialog.getByLabel('Your password').fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

let seq = 0;
/** A unique email for members created by a test, so reruns and other specs never collide. */
export function uniqueEmail(prefix: string): string {
  seq += 1;
  return `${prefix}.${Date.now().toString(36)}${seq}@example.test`;
}
