import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from '../fixtures.ts';
import { ingestOrders, makeOrders, orderRef, uniqueTag } from '../orders.ts';

/** The work surface from the keyboard (DESIGN §23): Find, the key map, its sheet and its off switch. */

const findBox = (page: Page) => page.getByRole('combobox', { name: /Find an order/ });
const queueRows = (page: Page) => page.locator('table.queue-table tbody tr[data-order-id]');
const sheet = (page: Page) => page.getByRole('dialog', { name: 'Keyboard shortcuts' });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Signs in and waits for the dashboard itself, whose shell listens for the keys. */
async function signInAndWait(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await expect(heading(page)).toHaveText('Dashboard');
}

/** Leaves every field: keys are shortcuts only then. */
async function leaveFields(page: Page): Promise<void> {
  // as text: the e2e project compiles without the DOM's types
  await page.evaluate('document.activeElement && document.activeElement.blur()');
}

/** New Orders narrowed to this test's orders through the queue's own search. */
async function newOrdersOf(page: Page, tag: string, count: number): Promise<string[]> {
  await page.goto('/admin/recent-order');
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(tag);
  await expect(queueRows(page)).toHaveCount(count);
  await leaveFields(page);
  return queueRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-order-id') ?? ''));
}

test('/ focuses Find and Enter opens the one match; on the order r, Ctrl+Enter and Escape work', async ({
  page,
  request,
}) => {
  // many steps, each a round trip
  test.slow();
  const tag = uniqueTag();
  const [orderId] = await ingestOrders(request, makeOrders(tag, 1));
  await signInAndWait(page, DEMO.team);

  await page.keyboard.press('/');
  await expect(findBox(page)).toBeFocused();
  // Enter at once, before the matches came: the one match opens when it comes
  await page.keyboard.type(orderId as string);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/admin/view-order/${orderRef(orderId as string)}`);
  await expect(page.locator('#order-details')).toContainText(orderId as string);

  await leaveFields(page);
  await page.keyboard.press('r');
  const remark = page.getByRole('textbox', { name: 'Remark' });
  await expect(remark).toBeFocused();
  await page.keyboard.type('Customer called about the eTA');
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('#comment-history, .comment-history').first()).toContainText(
    'Customer called about the eTA',
  );
  await expect(remark).toHaveValue('');

  await leaveFields(page);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/admin$/);
});

test('Find lists several matches by name as options with status labels; arrows and Enter open one', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const orders = makeOrders(tag, 2, { sur_name: `Keyes${tag}` });
  orders[1] = { ...(orders[1] as (typeof orders)[number]), process_status: 'moveToProcessMarch' };
  await ingestOrders(request, orders);
  await signInAndWait(page, DEMO.telecaller);
  await page.keyboard.press('Control+k');
  await expect(findBox(page)).toBeFocused();
  await page.keyboard.type(`keyes${tag}`);
  const options = page.getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(page.getByRole('listbox', { name: 'Orders found' })).toContainText('Process 5th March');
  await expect(page.getByRole('listbox', { name: 'Orders found' })).not.toContainText('moveToProcessMarch');
  await page.keyboard.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(findBox(page)).toHaveAttribute(
    'aria-activedescendant',
    (await options.first().getAttribute('id')) ?? '',
  );
  const chosen = (await options.first().locator('.find-option-id').innerText()).trim();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/admin/view-order/${orderRef(chosen)}`);
});

test('? shows the shortcut sheet, Escape closes it', async ({ page }) => {
  await signInAndWait(page, DEMO.team);
  await page.keyboard.press('?');
  await expect(sheet(page)).toBeVisible();
  await expect(sheet(page)).toContainText('Next row');
  await expect(sheet(page)).toContainText('Go to Order History');
  await page.keyboard.press('Escape');
  await expect(sheet(page)).toBeHidden();
});

test('j/k move the row focus in a queue, x selects, a asks to assign, Enter opens', async ({ page, request }) => {
  test.slow();
  const tag = uniqueTag();
  await ingestOrders(request, makeOrders(tag, 3));
  await signInAndWait(page, DEMO.team);
  const ids = await newOrdersOf(page, tag, 3);
  const rowOf = (id: string) => page.locator(`table.queue-table tbody tr[data-order-id="${id}"]`);

  await page.keyboard.press('j');
  await expect(rowOf(ids[0] as string)).toBeFocused();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(rowOf(ids[2] as string)).toBeFocused();
  await page.keyboard.press('j');
  await expect(rowOf(ids[2] as string)).toBeFocused();
  await page.keyboard.press('k');
  await expect(rowOf(ids[1] as string)).toBeFocused();

  await page.keyboard.press('x');
  await expect(rowOf(ids[1] as string).getByRole('checkbox')).toBeChecked();
  await page.keyboard.press('a');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure want to assigned orders.');
  await expect(dialog).toContainText(ids[1] as string);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await rowOf(ids[1] as string).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/admin/view-order/${orderRef(ids[1] as string)}`);
});

test('the order id in a queue is a link to its detail', async ({ page, request }) => {
  const tag = uniqueTag();
  const [orderId] = await ingestOrders(request, makeOrders(tag, 1));
  await signInAndWait(page, DEMO.team);
  await newOrdersOf(page, tag, 1);
  await page.getByRole('link', { name: orderId as string, exact: true }).click();
  await expect(page).toHaveURL(`/admin/view-order/${orderRef(orderId as string)}`);
});

test('g then n, p, m, h go to New, Priority, My Orders and Order History', async ({ page }) => {
  test.slow();
  await signInAndWait(page, DEMO.team);
  for (const [letter, path, title] of [
    ['n', '/admin/recent-order', 'New Orders'],
    ['p', '/admin/priority-order', 'Priority Orders'],
    ['m', '/admin/my-order', 'My Orders'],
    ['h', '/admin/order-history', 'Order History'],
  ] as const) {
    await leaveFields(page);
    await page.keyboard.press('g');
    await page.keyboard.press(letter);
    await expect(page).toHaveURL(path);
    await expect(heading(page)).toHaveText(title);
  }
});

test('no shortcut fires while typing in a field', async ({ page, request }) => {
  test.slow();
  const tag = uniqueTag();
  await ingestOrders(request, makeOrders(tag, 2));
  await signInAndWait(page, DEMO.team);
  await newOrdersOf(page, tag, 2);
  const searchBox = page.getByRole('searchbox', { name: 'Search orders' });
  await searchBox.fill('');
  await searchBox.focus();
  await page.keyboard.type('gn?/jkx');
  await expect(searchBox).toHaveValue('gn?/jkx');
  await expect(searchBox).toBeFocused();
  // still New Orders (the queue keeps its search in the address)
  const stillNewOrders = /\/admin\/recent-order(\?|$)/;
  await expect(page).toHaveURL(stillNewOrders);
  await expect(sheet(page)).toHaveCount(0);

  await findBox(page).focus();
  await page.keyboard.type('gh?');
  await expect(findBox(page)).toHaveValue('gh?');
  await expect(page).toHaveURL(stillNewOrders);
  await expect(sheet(page)).toHaveCount(0);
});

test('turning single-key shortcuts off on the Account page stops them; Ctrl+K still finds', async ({ page }) => {
  test.slow();
  await signInAndWait(page, DEMO.night);
  await page.goto('/admin/account');
  const toggle = page.getByRole('checkbox', { name: 'Single-key shortcuts' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await leaveFields(page);

  await page.keyboard.press('?');
  await page.keyboard.press('/');
  await page.keyboard.press('g');
  await page.keyboard.press('n');
  await expect(sheet(page)).toHaveCount(0);
  await expect(findBox(page)).not.toBeFocused();
  await expect(page).toHaveURL('/admin/account');
  await page.keyboard.press('Control+k');
  await expect(findBox(page)).toBeFocused();

  // kept for this member after a reload, and on again once turned on
  await page.reload();
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await leaveFields(page);
  await page.keyboard.press('?');
  await expect(sheet(page)).toBeVisible();
});
