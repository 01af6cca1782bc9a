import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiAs, DEMO, signIn, uniqueEmail } from '../fixtures.ts';
import { ingestOrders, makeOrders, orderRef, uniqueTag } from '../orders.ts';

/** DESIGN §18 with two members on two browsers: each sees the other's work without a reload. */
const row = (page: Page, orderId: string) => page.getByRole('row').filter({ hasText: orderId });
const sidebarLink = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: new RegExp(`^${label}`) });
const badge = (page: Page, label: string) => sidebarLink(page, label).locator('.sidebar-badge');

async function member(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

async function openNewOrders(page: Page): Promise<void> {
  await sidebarLink(page, 'New Orders').click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Orders' })).toBeVisible();
}

test('two members: arrivals, a claim, presence and a move reach the other without a reload', async ({
  browser,
  request,
}) => {
  const tara = await member(browser, DEMO.team);
  const nina = await member(browser, DEMO.night);
  await openNewOrders(tara);
  await openNewOrders(nina);
  const before = Number(await badge(nina, 'New Orders').innerText());

  // A website sends an order: Nina's count moves and the queue offers it instead of jumping.
  const [orderId] = (await ingestOrders(request, makeOrders(uniqueTag(), 1))) as [string];
  await expect(badge(nina, 'New Orders')).toHaveText(String(before + 1));
  await nina.getByRole('button', { name: '1 new order, show' }).click();
  await expect(row(nina, orderId)).toBeVisible();
  await tara.getByRole('button', { name: '1 new order, show' }).click();

  // Tara claims it: Nina's row says so, where it is.
  await row(tara, orderId).getByRole('checkbox').check();
  await tara.getByRole('button', { name: 'Assign to me' }).click();
  await tara.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(row(nina, orderId)).toHaveAttribute('title', 'Tara Team took it');
  await expect(badge(tara, 'My Orders')).not.toHaveText('0');

  // Both open the order: each is told the other is there.
  await tara.goto(`/admin/view-order/${orderRef(orderId)}`);
  await nina.goto(`/admin/view-order/${orderRef(orderId)}`);
  await expect(nina.locator('#main-content').getByText('Also viewing: Tara Team')).toBeVisible();
  await expect(tara.locator('#main-content').getByText('Also viewing: Nina Night')).toBeVisible();

  // Tara moves it: Nina's detail says so and offers to reload; the New count goes back.
  await tara.getByRole('button', { name: 'Contact Customer' }).click();
  await tara.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(
    nina.locator('#main-content').getByText('Tara Team moved it to Contact Customer since you opened this order.'),
  ).toBeVisible();
  await expect(badge(nina, 'New Orders')).toHaveText(String(before));
  await nina.getByRole('button', { name: 'Reload' }).click();
  await expect(nina.locator('#main-content').getByText(/since you opened this order/)).toBeHidden();

  // Tara goes back to her queue, then closes the tab: Nina no longer sees her, then sees her again.
  await openNewOrders(tara);
  await expect(nina.locator('#main-content').getByText('Also viewing: Tara Team')).toBeHidden();
  await tara.goBack();
  await expect(nina.locator('#main-content').getByText('Also viewing: Tara Team')).toBeVisible();
  await tara.close({ runBeforeUnload: true });
  await expect(nina.locator('#main-content').getByText('Also viewing: Tara Team')).toBeHidden();
  await tara.context().close();
  await nina.context().close();
});

test("another member's claim and move show on the open queue's rows, and its total stays the sidebar's count (DESIGN §22)", async ({
  page,
  request,
  baseURL,
}) => {
  // two fresh orders, at the top of New Orders (newest first)
  const [claimedId, movedId] = (await ingestOrders(request, makeOrders(uniqueTag(), 2))) as [string, string];
  await signIn(page, DEMO.team);
  await openNewOrders(page);
  const range = page.getByTestId('queue-range');
  const claimed = row(page, claimedId);
  await expect(claimed.getByRole('link', { name: 'View' })).toBeVisible();
  await expect(row(page, movedId)).toBeVisible();
  const before = Number(await badge(page, 'New Orders').innerText());
  await expect(range).toHaveText(new RegExp(` of ${before}$`));

  // Nina claims one and moves the other, from her own session
  const nina = await apiAs(baseURL as string, DEMO.night);
  expect((await nina.put('/api/admin/assign-order-status', { data: { orderId: [claimedId] } })).status()).toBe(200);
  const moved = await nina.put('/api/admin/move-order-status', {
    data: { orderId: movedId, updatingStatus: 'Contact Customer' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await nina.dispose();

  // Tara's row says who holds it, still New, and View no longer opens it; the moved one is gone
  await expect(claimed).toHaveAttribute('title', 'Nina Night took it');
  await expect(claimed.locator('.holder-badge')).toHaveText('Nina Night');
  await expect(claimed.getByRole('cell', { name: /^New/ })).toBeVisible();
  await expect(claimed.getByRole('button', { name: 'View' })).toBeDisabled();
  await expect(claimed.getByRole('link', { name: 'View' })).toHaveCount(0);
  await expect(row(page, movedId)).toHaveCount(0);
  // the footer's total is the sidebar's count, one fewer
  await expect(badge(page, 'New Orders')).toHaveText(String(before - 1));
  await expect(range).toHaveText(new RegExp(` of ${before - 1}$`));
});

test('a session ended elsewhere signs the member out at once, with one message', async ({ page, baseURL }) => {
  const email = uniqueEmail('lena');
  const admin = await apiAs(baseURL as string, DEMO.admin);
  const added = await admin.post('/api/admin/add-team-member', {
    data: { name: 'Lena Live', email, password: 'lena-pass-1', type: 'Team' },
  });
  expect(added.status()).toBe(201);
  await admin.dispose();
  await signIn(page, email, 'lena-pass-1');
  await openNewOrders(page);

  // The member changes the password on another device: this session ends, and the open screen
  // learns it from its live stream without a click.
  const elsewhere = await apiAs(baseURL as string, email, 'lena-pass-1');
  expect((await elsewhere.post('/api/admin/change-password', { data: { newPassword: 'lena-pass-2' } })).status()).toBe(
    200,
  );
  await elsewhere.dispose();
  await expect(page).toHaveURL(/\/$/);
  const errors = page.locator('.Toastify__toast--error');
  await expect(errors.filter({ hasText: 'Your session has expired. Please sign in again.' })).toHaveCount(1);
});
