/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { expectVisibleFocus, type FocusInfo, tabUntil } from '../a11y/focus.ts';
import { signInByToken } from '../a11y/session.ts';
import { ingestOrders, makeOrders, uniqueTag } from '../orders.ts';

/**
 * Keyboard only (DESIGN §23, §24): a Team member opens New Orders from the sidebar, reaches and
 * opens an order, adds a remark and goes back, with Tab, Shift+Tab, Enter, Space and Escape alone
 * (and typing the remark). At every stop the focus is ringed, in view and covered by nothing: not
 * the top bar, not the table's sticky header, not its sticky Action column.
 */

const named = (prefix: string) => (info: FocusInfo) => info.name.startsWith(prefix);

// a long walk on a busy machine: upper bounds, not timings (a screen's chunk loads on first use)
test.describe.configure({ timeout: 240_000 });
const LOAD = 30_000;

for (const width of [1280, 1440]) {
  test(`keyboard only at ${width} px: a queue, an order, a remark, and back`, async ({ page, request, baseURL }) => {
    // the newest order, so New Orders (newest first) shows it in its first row, free to open
    const [orderId] = (await ingestOrders(request, makeOrders(uniqueTag(), 1))) as [string];
    await page.setViewportSize({ width, height: 800 });
    await signInByToken(page, baseURL as string, 'team');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: LOAD });

    // The first stop on every screen is the skip link; then the sidebar's New Orders.
    await page.keyboard.press('Tab');
    expect((await expectVisibleFocus(page, 'first Tab')).name).toBe('Skip to main content');
    await tabUntil(page, named('New Orders'), { step: 'to the sidebar' });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/recent-order$/);
    const firstRow = page.locator('#queue-rows tr').first();
    await expect(firstRow).toContainText(orderId, { timeout: LOAD });

    // From the top of the queue to the first order's View: skip links, then a few presses.
    await page.keyboard.press('Tab');
    expect((await expectVisibleFocus(page, 'queue, first Tab')).name).toBe('Skip to main content');
    await page.keyboard.press('Tab');
    expect((await expectVisibleFocus(page, 'queue, second Tab')).name).toBe('Skip to the orders');
    await page.keyboard.press('Enter');
    await expect(page.locator('#queue-rows')).toBeFocused();
    // Space ticks the row's box; Shift+Tab back to Assign to me; its dialog keeps and returns the focus.
    await tabUntil(page, (f) => f.tag === 'input' && f.name.endsWith(orderId), { step: 'to the row box', max: 3 });
    await page.keyboard.press('Space');
    await expect(firstRow.getByRole('checkbox')).toBeChecked();
    await tabUntil(page, named('Assign to me'), { back: true, step: 'back to Assign to me', max: 30 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Tab goes round Cancel and Yes (and back with Shift+Tab), never to the page behind
    const stops: string[] = [];
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      await expect(dialog.locator(':focus'), `${key} stays in the dialog`).toHaveCount(1);
      stops.push((await expectVisibleFocus(page, `dialog, ${key}`)).name);
    }
    expect(stops).toEqual(['Cancel', 'Yes', 'Cancel', 'Yes', 'Cancel']);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect((await expectVisibleFocus(page, 'dialog closed')).name).toBe('Assign to me');

    // On to the order: View opens it.
    const presses = await tabUntil(page, (f) => f.name === 'View' && f.tag === 'a', {
      step: 'to View',
      max: 30,
    });
    expect(presses, 'View is a few presses past the bulk buttons').toBeLessThanOrEqual(20);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('order-status')).toBeVisible({ timeout: LOAD });

    // The remark: the detail's own skip link leads to the box; type; Save Comment.
    await tabUntil(page, named('Skip to Add Comment'), { step: 'to the detail skip link', max: 3 });
    await page.keyboard.press('Enter');
    await expect(page.locator('#add-comment')).toBeFocused();
    await tabUntil(page, (f) => f.id === 'remark-text', { step: 'to the remark box', max: 2 });
    const remark = `Called the applicant, keyboard only ${orderId}`;
    await page.keyboard.type(remark);
    await tabUntil(page, named('Save Comment'), { step: 'to Save Comment', max: 10 });
    await page.keyboard.press('Enter');
    await expect(page.locator('.Toastify__toast').filter({ hasText: 'Remark added successfully' })).toBeVisible();
    await expect(page.getByTestId('comment-history')).toContainText(remark);

    // And back to the queue the way it came: Shift+Tab through the whole detail to the sidebar, Enter.
    await tabUntil(page, named('New Orders'), { back: true, step: 'back to the sidebar', max: 200 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/recent-order$/);
    await expect(page.locator('#queue-rows tr').first()).toContainText(orderId, { timeout: LOAD });
  });
}

test('the queue at phone width keeps focus clear of the sticky Action column', async ({ page, request, baseURL }) => {
  const [orderId] = (await ingestOrders(request, makeOrders(uniqueTag(), 1))) as [string];
  await page.setViewportSize({ width: 390, height: 800 });
  await signInByToken(page, baseURL as string, 'team');
  await page.goto('/admin/recent-order');
  await expect(page.locator('#queue-rows tr').first()).toContainText(orderId, { timeout: LOAD });
  // Every stop from the skip link through the first rows: the table scrolls sideways under the
  // sticky Action column, and no focused box or link may sit beneath it.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  let views = 0;
  await tabUntil(
    page,
    (f) => {
      if (f.name === 'View') views += 1;
      return views === 3;
    },
    { step: 'through three rows', max: 20 },
  );
});
