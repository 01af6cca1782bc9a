import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from '../fixtures.ts';
import { ingestOrders, makeOrders, uniqueTag } from '../orders.ts';

const range = (page: Page) => page.getByTestId('queue-range');
const bodyRows = (page: Page) => page.locator('table.queue-table tbody tr');
const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/**
 * DESIGN §23: a filter on a queue, saved as a view; the view is in the sidebar with its count, and
 * its own address reopens it. The orders carry a nationality no other test or demo order has, so
 * the filter alone finds exactly them.
 */
test('a Team member filters New Orders, saves the view, sees its count in the sidebar, and its URL reopens it', async ({
  page,
  request,
}) => {
  // many steps, each a round trip on a shared machine: three times the usual time
  test.slow();
  const tag = uniqueTag();
  const nationality = `Nation${tag}`;
  await ingestOrders(request, makeOrders(tag, 3, { nationality }));
  await signIn(page, DEMO.team);

  await menu(page)
    .getByRole('link', { name: /^New Orders/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Orders' })).toBeVisible();
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByLabel('Nationality').fill(nationality);
  await filters.getByLabel('Nationality').press('Enter');
  await expect(range(page)).toHaveText('Showing 1 to 3 of 3');
  await expect(bodyRows(page)).toHaveCount(3);
  await expect(page).toHaveURL(new RegExp(`nationality=${nationality}`));
  // a second filter narrows further: nobody holds them, so "Nobody" keeps all three
  await filters.getByLabel('Holder').selectOption({ label: 'Nobody' });
  await expect(page).toHaveURL(/assignee=none/);
  await expect(range(page)).toHaveText('Showing 1 to 3 of 3');

  const name = `Nation ${tag}`;
  await page.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('Name').fill(name);
  // a Team member may not share a view: the choice is not offered
  await expect(dialog.getByLabel('Share with everyone')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/views\/\d+$/);
  const viewUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(range(page)).toHaveText('Showing 1 to 3 of 3');

  const viewLink = menu(page).getByRole('link', { name: new RegExp(`^${name}`) });
  await expect(viewLink.getByTestId('view-count')).toHaveText('3');

  // one more order of that nationality: the count follows on the next screen change
  await ingestOrders(request, makeOrders(`${tag}B`, 1, { nationality }));
  await menu(page)
    .getByRole('link', { name: /^Pending Orders/ })
    .click();
  await expect(viewLink.getByTestId('view-count')).toHaveText('4');

  // the view's own address reopens it, filters and all, after a reload
  await page.goto(viewUrl);
  // a full load fetches every chunk again: on a busy shared machine that can pass the usual 10 s
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 45_000 });
  await expect(range(page)).toHaveText('Showing 1 to 4 of 4');
  await expect(page.getByRole('group', { name: 'Filters' }).getByLabel('Nationality')).toHaveValue(nationality);

  // clearing the view's filters is said in the address, and shows the whole folder
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/[?&]f=1/);
  await expect(range(page)).not.toHaveText('Showing 1 to 4 of 4');

  // the demo account is left as it was: the view is deleted, and leaves the sidebar
  await page.getByRole('button', { name: 'Delete view' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete view' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Orders' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: new RegExp(`^${name}`) })).toHaveCount(0);
});
