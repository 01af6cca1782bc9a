import { MSG } from '@eta/shared';
import { expect, type Page, test } from '@playwright/test';
import { apiAs, confirmItIsYou, DEMO, DEMO_PASSWORD, signIn, uniqueEmail } from '../fixtures.ts';

const toast = (page: Page) => page.locator('.Toastify__toast');

test.describe('foundation: sign-in, team, gateways, password, roles', () => {
  test('signs in, and a wrong password shows the server message as an error toast', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Email ID').fill(DEMO.admin);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page).filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('Welcome Alice Admin')).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    expect(typeof stored.accessToken).toBe('string');
  });

  test('shows the SPEC messages under the sign-in fields', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(MSG.emailRequired)).toBeVisible();
    await expect(page.getByText(MSG.passwordRequired)).toBeVisible();
    await page.getByLabel('Email ID').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(MSG.invalidEmail)).toBeVisible();
  });

  test('adds, edits and deletes a team member', async ({ page }) => {
    const email = uniqueEmail('added');
    await signIn(page, DEMO.admin);
    await page.goto('/admin/manage-team');

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(MSG.memberNameRequired)).toBeVisible();
    await expect(page.getByText(MSG.memberTypeRequired)).toBeVisible();

    await page.getByLabel('Name', { exact: true }).fill('Edna Added');
    await page.getByLabel('Password', { exact: true }).fill('first-pass-1');
    await page.getByLabel('Email ID').fill(email);
    await page.getByLabel('Member Type').selectOption('Team');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page).filter({ hasText: 'Team member added successfully.' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Edna Added');
    await expect(row).toContainText('Team');

    await row
      .getByRole('link', { name: 'Edit' })
      .or(row.getByRole('button', { name: 'Edit' }))
      .click();
    await expect(page).toHaveURL(/\/admin\/manage-team\/.+/);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Edna Added');
    await page.getByLabel('Name', { exact: true }).fill('Edna Edited');
    await page.getByLabel('Member Type').selectOption('Telecaller');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page).filter({ hasText: 'Team member updated successfully.' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/manage-team$/);
    const edited = page.getByRole('row').filter({ hasText: email });
    await expect(edited).toContainText('Edna Edited');
    await expect(edited).toContainText('Telecaller');

    await edited.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(MSG.confirmDelete);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(toast(page).filter({ hasText: MSG.memberDeleted })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  });

  test('the team form offers only what the server allows: no own type change, no Admin for a Manager', async ({
    page,
    baseURL,
  }) => {
    const manager = await apiAs(baseURL as string, DEMO.manager);
    const list = (await (await manager.get('/api/admin/get-team-member-list')).json()).data as {
      id: string;
      email: string;
    }[];
    await manager.dispose();
    const idOf = (email: string) => list.find((m) => m.email === email)?.id as string;

    // A Manager editing themself keeps their type, and is told why.
    await signIn(page, DEMO.manager);
    await page.goto(`/admin/manage-team/${idOf(DEMO.manager)}`);
    await expect(page.getByLabel('Name', { exact: true })).not.toHaveValue('');
    await expect(page.getByLabel('Member Type').locator('option:not([value=""])')).toHaveText(['Manager']);
    await expect(page.getByText('You cannot change your own member type.')).toBeVisible();

    // An Admin's address typed by hand: no form, the reason instead.
    await page.goto(`/admin/manage-team/${idOf(DEMO.admin)}`);
    await expect(page.getByText('A Manager cannot create, change or delete an Admin account.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  });

  test('activates a gateway per domain', async ({ page }) => {
    await signIn(page, DEMO.manager);
    await page.goto('/admin/gateway-setting');
    const primary = page.getByRole('region', { name: 'Primary Domain' });
    const secondary = page.getByRole('region', { name: 'Secondary Domain' });

    await primary.getByRole('button', { name: 'Active Gateway' }).click();
    await expect(primary.getByText(MSG.gatewayRequired)).toBeVisible();

    await primary.getByLabel('Primary Domain Gateway').selectOption({ label: 'PayPal' });
    await primary.getByRole('button', { name: 'Active Gateway' }).click();
    await confirmItIsYou(page);
    await expect(primary.getByTestId('gateway-primary-active')).toContainText('PayPal');

    await secondary.getByLabel('Secondary Domain Gateway').selectOption({ label: 'Worldpay' });
    await secondary.getByRole('button', { name: 'Active Gateway' }).click();
    await expect(secondary.getByTestId('gateway-secondary-active')).toContainText('Worldpay');
    await expect(primary.getByTestId('gateway-primary-active')).toContainText('PayPal');

    await page.reload();
    await expect(page.getByTestId('gateway-primary-active')).toContainText('PayPal');
    await expect(page.getByTestId('gateway-secondary-active')).toContainText('Worldpay');
  });

  test('changes the password, goes to sign-in, and signs in with the new one', async ({ page, baseURL }) => {
    const email = uniqueEmail('pw');
    const admin = await apiAs(baseURL as string, DEMO.admin);
    const added = await admin.post('/api/admin/add-team-member', {
      data: { name: 'Pat Password', email, password: 'old-pass-1', type: 'Team' },
    });
    expect(added.status()).toBe(201);
    await admin.dispose();

    await signIn(page, email, 'old-pass-1');
    await page.goto('/admin/change-password');
    await page.getByLabel('Enter New Password').fill('12345');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText(MSG.newPasswordMin)).toBeVisible();
    await page.getByLabel('Enter New Password').fill('new-pass-2');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await confirmItIsYou(page, 'old-pass-1');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

    await page.getByLabel('Email ID').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('old-pass-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page).filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await signIn(page, email, 'new-pass-2');
    await expect(page.getByText('Welcome Pat Password')).toBeVisible();
  });

  test('a Telecaller sees no Order History, Manage Team, Order Processed or Gateway Setting', async ({ page }) => {
    await signIn(page, DEMO.telecaller);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: /New Orders/ })).toBeVisible();
    for (const hidden of ['Order History', 'Manage Team', 'Order Processed', 'Gateway Setting']) {
      await expect(menu.getByRole('link', { name: new RegExp(hidden) })).toHaveCount(0);
    }
  });

  test('an Admin sees every sidebar item', async ({ page }) => {
    await signIn(page, DEMO.admin);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    for (const shown of ['Order History', 'Manage Team', 'Order Processed', 'Gateway Setting', 'Update Password']) {
      await expect(menu.getByRole('link', { name: new RegExp(shown) })).toBeVisible();
    }
  });

  test('logout clears the session and returns to sign-in', async ({ page }) => {
    await signIn(page, DEMO.night);
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.goto('/admin/manage-team');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
});
