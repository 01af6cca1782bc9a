import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from '../fixtures.ts';
import { ingestOrders, makeOrders, orderRef, uniqueTag } from '../orders.ts';
import { bodyRows, confirm, openQueue, range, row, search, sidebarLink, TEXT } from '../queues.ts';

async function sidebarCount(page: Page, label: string): Promise<number> {
  return Number(await sidebarLink(page, label).locator('.sidebar-badge').innerText());
}

test('a Team member assigns two New orders, finds them in My Orders and moves one back; others see it greyed', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const tag = uniqueTag();
  const [first, second] = await ingestOrders(request, makeOrders(tag, 2));
  await signIn(page, DEMO.team);
  const myName = (await page.locator('.topbar-welcome').innerText()).replace(/^Welcome /, '');

  await openQueue(page, 'New Orders');
  await search(page, tag, 2);
  // Nothing selected: the bulk buttons do nothing.
  await expect(page.getByRole('button', { name: 'Assign to me' })).toBeDisabled();
  await row(page, first!).getByRole('checkbox').check();
  await row(page, second!).getByRole('checkbox').check();
  await expect(page.locator('#main-content').getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await confirm(page, TEXT.confirmAssign);
  await expect(page.getByText(TEXT.assigned)).toBeVisible();
  // Deselected afterwards; the holder shows on each row, and my own orders stay open to me.
  await expect(page.locator('#main-content').getByText('No orders selected')).toBeVisible();
  await expect(row(page, first!)).toContainText(myName);
  await expect(row(page, first!).getByRole('link', { name: 'View' })).toBeVisible();

  await openQueue(page, 'My Orders');
  await search(page, tag, 2);
  await expect(row(page, first!)).toBeVisible();
  await expect(row(page, second!)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete Order' })).toHaveCount(0);
  await row(page, second!).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Move to Original Folder' }).click();
  await confirm(page, TEXT.confirmUnassign);
  await expect(row(page, second!)).toHaveCount(0);
  await expect(row(page, first!)).toBeVisible();
  await expect(range(page)).toHaveText(/of 1$/);

  // Another member: the order the Team member still holds is greyed, the one moved back is open.
  const otherContext = await browser.newContext({ baseURL });
  const other = await otherContext.newPage();
  await signIn(other, DEMO.night);
  await openQueue(other, 'New Orders');
  await search(other, tag, 2);
  const held = row(other, first!).getByRole('button', { name: 'View' });
  await expect(held).toBeDisabled();
  await expect(row(other, first!).getByRole('link', { name: 'View' })).toHaveCount(0);
  await expect(row(other, first!)).toContainText(myName);
  await expect(row(other, second!).getByRole('link', { name: 'View' })).toHaveAttribute(
    'href',
    `/admin/view-order/${orderRef(second!)}`,
  );
  // Taking it anyway is refused, and the message names the holder (SPEC §8, DESIGN §6).
  await row(other, first!).getByRole('checkbox').check();
  await other.getByRole('button', { name: 'Assign to me' }).click();
  await confirm(other, TEXT.confirmAssign);
  await expect(
    other.locator('.Toastify__toast').filter({ hasText: `${first} is assigned to ${myName}` }),
  ).toBeVisible();
  await expect(row(other, first!).getByRole('button', { name: 'View' })).toBeDisabled();
  // Night Staff may not delete (SPEC §6): no row Delete, no Delete Order.
  await expect(row(other, second!).getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Delete Order' })).toHaveCount(0);
  await otherContext.close();
});

test('a Manager deletes an order from a dashboard tile queue; it moves to Deleted and the counts follow', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const [orderId] = await ingestOrders(request, makeOrders(tag, 1));
  await signIn(page, DEMO.manager);
  await page.locator('.dashboard-tile', { hasText: 'New Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/recent-order$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New Orders' })).toBeVisible();
  const newBefore = await sidebarCount(page, 'New Orders');
  const deletedBefore = await sidebarCount(page, 'Deleted Orders');

  await search(page, orderId!, 1);
  await row(page, orderId!).getByRole('button', { name: 'Delete' }).click();
  await confirm(page, TEXT.confirmDelete);
  await expect(page.getByText(TEXT.deleted)).toBeVisible();
  await expect(row(page, orderId!)).toHaveCount(0);
  await expect(page.getByRole('cell', { name: TEXT.noRecords })).toBeVisible();
  await expect(page.getByText(TEXT.noData)).toBeVisible();
  await expect.poll(() => sidebarCount(page, 'New Orders')).toBe(newBefore - 1);
  await expect.poll(() => sidebarCount(page, 'Deleted Orders')).toBe(deletedBefore + 1);

  await openQueue(page, 'Deleted Orders');
  await search(page, orderId!, 1);
  await expect(row(page, orderId!)).toContainText('Deleted');
  // Nothing left to delete here.
  await expect(row(page, orderId!).getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test('a Team member refunds a refund request from the Refunds queue; asked again, it is already refunded', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  // A refund request arrives from a website in Refunds, with no refund date yet.
  const [orderId] = await ingestOrders(request, makeOrders(tag, 1, { process_status: 'Refunds' }));
  await signIn(page, DEMO.team);
  await openQueue(page, 'Refunds');
  await search(page, orderId!, 1);
  const refundDate = row(page, orderId!).getByRole('cell').nth(5);
  await expect(refundDate).toHaveText('-');

  await row(page, orderId!).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Refunded it' }).click();
  await confirm(page, TEXT.confirmRefund);
  await expect(page.getByText(TEXT.refunded)).toBeVisible();
  // Still in Refunds, now with today's date (UTC, DD-MM-YYYY).
  const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('-');
  await expect(refundDate).toHaveText(today);

  await row(page, orderId!).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Refunded it' }).click();
  await confirm(page, TEXT.confirmRefund);
  await expect(page.locator('.Toastify__toast').filter({ hasText: `Already refunded: ${orderId}.` })).toBeVisible();
});

test('paging: page 2, page size, All, and sorting by a column', async ({ page, request }) => {
  const tag = uniqueTag();
  await ingestOrders(request, makeOrders(tag, 26, { process_status: 'Pending' }));
  await signIn(page, DEMO.team);
  await openQueue(page, 'Pending Orders');

  // The whole folder (demo orders too): page 1 of 10, then page 2, then 25 a page.
  await expect(range(page)).toHaveText(/^Showing 1 to 10 of \d+$/);
  const total = Number((await range(page).innerText()).split(' of ')[1]);
  expect(total).toBeGreaterThanOrEqual(26);
  await expect(bodyRows(page)).toHaveCount(10);
  const firstPage = await bodyRows(page).locator('td:nth-child(2)').allInnerTexts();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(range(page)).toHaveText(`Showing 11 to 20 of ${total}`);
  // Page 1's rows stay on screen, dimmed and busy, until page 2 arrives: read the rows once it has.
  await expect(page.locator('.queue-scroll')).toHaveAttribute('aria-busy', 'false');
  await expect(bodyRows(page)).toHaveCount(10);
  const secondPage = await bodyRows(page).locator('td:nth-child(2)').allInnerTexts();
  expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
  await page.getByLabel('Rows per page').selectOption('25');
  await expect(range(page)).toHaveText(`Showing 1 to 25 of ${total}`);
  await expect(bodyRows(page)).toHaveCount(25);

  // Only this test's 26 orders: exact pages, All, and the server's sort.
  await search(page, tag, 26);
  await expect(range(page)).toHaveText('Showing 1 to 25 of 26');
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(range(page)).toHaveText('Showing 26 to 26 of 26');
  await expect(bodyRows(page)).toHaveCount(1);
  await page.getByLabel('Rows per page').selectOption('10');
  await expect(range(page)).toHaveText('Showing 1 to 10 of 26');
  await expect(page.getByRole('button', { name: /^Page \d+$/ })).toHaveText(['2', '3']);
  await page.getByLabel('Rows per page').selectOption('All');
  await expect(range(page)).toHaveText('Showing 1 to 26 of 26');
  await expect(bodyRows(page)).toHaveCount(26);

  await page.getByRole('columnheader', { name: 'Order Id' }).getByRole('button').click();
  await expect(bodyRows(page).first()).toContainText(`UKETA-${tag}-01`);
  await page.getByRole('columnheader', { name: 'Order Id' }).getByRole('button').click();
  await expect(bodyRows(page).first()).toContainText(`UKETA-${tag}-26`);
  await expect(page.getByRole('columnheader', { name: 'Order Id' })).toHaveAttribute('aria-sort', 'descending');
});

test('search narrows the list, shows UTC dates, and an empty search restores it', async ({ page, request }) => {
  const tag = uniqueTag();
  const orders = makeOrders(tag, 3);
  orders[1]!.sur_name = `Zed${tag}`;
  orders[1]!.created_at = '2026-03-05T09:07:03Z';
  await ingestOrders(request, orders);
  await signIn(page, DEMO.team);
  await openQueue(page, 'New Orders');
  await expect(range(page)).toHaveText(/^Showing 1 to \d+ of \d+$/);
  const all = (await range(page).innerText()).split(' of ')[1];

  await search(page, `zed${tag.toLowerCase()}`, 1);
  await expect(bodyRows(page)).toHaveCount(1);
  const found = row(page, orders[1]!.order_id);
  await expect(found).toContainText(`Test Zed${tag}`);
  await expect(found).toContainText('05-03-2026 09:07:03');

  await search(page, tag, 3);
  await expect(bodyRows(page)).toHaveCount(3);

  await search(page, `${tag}-nothing`);
  await expect(page.getByRole('cell', { name: TEXT.noRecords })).toBeVisible();
  await expect(page.getByText(TEXT.noData)).toBeVisible();

  await search(page, '');
  await expect(range(page)).toHaveText(new RegExp(`^Showing 1 to \\d+ of ${all}$`));
});

test('each queue has its SPEC title, columns and actions', async ({ page }) => {
  await signIn(page, DEMO.manager);
  const headers = () => page.locator('table.queue-table thead th').allTextContents();
  const standard = ['Order Id', 'Name', 'Email', 'Telephone', 'Date & Time', 'Status', 'Action'];

  await openQueue(page, 'Rejected Orders', 'Rejected Order');
  expect((await headers()).slice(1)).toEqual(standard);
  await openQueue(page, 'Charge Back', 'Chargeback');
  await openQueue(page, 'Process 5th March Orders');
  await expect(page.getByRole('button', { name: 'Assign to me' })).toBeVisible();

  await openQueue(page, 'Contact Customer');
  expect((await headers()).slice(1)).toEqual(standard.filter((h) => h !== 'Telephone'));

  await openQueue(page, 'Refunds');
  expect((await headers()).slice(1)).toEqual([
    'Order Id',
    'Email',
    'Telephone',
    'Date & Time',
    'Refund Date',
    'Status',
    'Action',
  ]);
  await expect(page.getByRole('button', { name: 'Refunded it' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Order' })).toBeVisible();
  await expect(page.locator('table.queue-table tbody').getByRole('button', { name: 'Delete' })).toHaveCount(0);
});
