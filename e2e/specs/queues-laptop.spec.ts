import { expect, type Page, test } from '@playwright/test';
import { postStripeEvent, stripeDisputeEvent } from '../disputes.ts';
import { DEMO, signIn } from '../fixtures.ts';
import { ingestOrders, makeOrders, uniqueTag } from '../orders.ts';
import { bodyRows, confirm, openQueue, search, TEXT } from '../queues.ts';

/** SPEC §2's queue on the screens staff have: what fits a 1280 px laptop beside the 300 px sidebar. */

/** The rectangle of `locator` in the page, for checks of what covers what. */
async function boxOf(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return box;
}

/** Orders whose ids are as the websites make them: the tag's own ids are half as long again. */
function websiteOrders(tag: string, count: number, extra: Parameters<typeof makeOrders>[2]) {
  const first = Date.now() % 10_000_000;
  return makeOrders(tag, count, extra).map((order, i) => ({
    ...order,
    order_id: `UKETA-${String(first * 10 + i).padStart(8, '0')}`,
  }));
}

/** names long enough to wrap their cells: the worst case for a row's height and the table's width */
const LONG_NAMES = { first_name: 'Maximiliana-Alexandrina', sur_name: 'Wehner-Christiansen' };

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('on a 1280×800 laptop ten rows fit the 550 px box, and a toast covers neither Refresh, the search nor the user menu', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const tag = uniqueTag();
  // long names and holders make cells wrap: the worst case for row height
  await ingestOrders(request, makeOrders(tag, 10, LONG_NAMES));
  await signIn(page, DEMO.team);
  await openQueue(page, 'New Orders');
  await search(page, tag, 10);
  const scroll = await boxOf(page, '.queue-scroll');
  const tenth = await bodyRows(page).nth(9).boundingBox();
  expect(tenth).not.toBeNull();
  expect(tenth!.y + tenth!.height).toBeLessThanOrEqual(scroll.y + 550 + 1);

  // an action's toast: in the top bar, left of the user menu, over no control of the page
  await bodyRows(page).first().locator('input[type=checkbox]').check();
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await confirm(page, TEXT.confirmAssign);
  const toast = page.locator('.Toastify__toast').filter({ hasText: TEXT.assigned });
  await expect(toast).toBeVisible();
  // where it rests, once its entrance is over
  await toast.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation: { finished: Promise<unknown> }) => animation.finished)),
  );
  const shown = (await toast.boundingBox())!;
  for (const control of [
    page.getByRole('button', { name: 'Refresh' }),
    page.getByRole('searchbox', { name: 'Search orders' }),
    page.locator('#user-menu'),
  ]) {
    const box = (await control.boundingBox())!;
    expect(overlaps(shown, box), `the toast covers ${await control.textContent()}`).toBe(false);
  }
});

test("on a 1280 px laptop an Admin sees each New order's status and service level beside the Action column", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const tag = uniqueTag();
  // long names and emails (their whole text is in the cell's title)
  await ingestOrders(request, websiteOrders(tag, 10, LONG_NAMES));
  await signIn(page, DEMO.admin);
  await openQueue(page, 'New Orders');
  await search(page, tag, 10);
  // every row's status and service level stand clear of the sticky Action column: nothing to scroll for
  for (let i = 0; i < 10; i += 1) {
    const row = bodyRows(page).nth(i);
    const badge = (await row.locator('.status-cell .badge').last().boundingBox())!;
    const action = (await row.locator('.action-cell').boundingBox())!;
    expect(badge.x + badge.width, `row ${i + 1}'s service level hides behind Action`).toBeLessThanOrEqual(action.x);
  }
  const scroll = await boxOf(page, '.queue-scroll');
  const tenth = await bodyRows(page).nth(9).boundingBox();
  expect(tenth!.y + tenth!.height).toBeLessThanOrEqual(scroll.y + 550 + 1);
});

test("on a 1280 px laptop Charge Back's Status stands clear of the Action column beside its Respond by", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const tag = uniqueTag();
  // long names, each with an open dispute due in a few days; phone numbers as the demo and the
  // websites' own forms give them (the number's digits)
  const ids = await ingestOrders(
    request,
    websiteOrders(tag, 5, { ...LONG_NAMES, process_status: 'ChargeBack' }).map((order, i) => ({
      ...order,
      phone_number: String(7_700_900_100 + i),
    })),
  );
  for (const [i, orderId] of ids.entries()) {
    const opened = await postStripeEvent(
      request,
      stripeDisputeEvent('charge.dispute.created', {
        id: `dp_fit_${tag}_${i}`.toLowerCase(),
        orderId,
        status: 'needs_response',
        dueBy: new Date(Date.now() + (i + 1) * 86_400_000),
        created: new Date(),
        amount: 3999,
        reason: 'fraudulent',
      }),
    );
    expect(opened.matched).toBe(true);
  }
  await signIn(page, DEMO.admin);
  await openQueue(page, 'Charge Back', 'Chargeback');
  await search(page, tag, 5);
  for (let i = 0; i < 5; i += 1) {
    // what the cell shows (the status, and any badge beside it), not the box it sits in
    const shown = bodyRows(page).nth(i).locator('.status-cell > *');
    const action = (await bodyRows(page).nth(i).locator('.action-cell').boundingBox())!;
    for (let j = 0; j < (await shown.count()); j += 1) {
      const box = (await shown.nth(j).boundingBox())!;
      expect(box.x + box.width, `row ${i + 1}'s status hides behind Action`).toBeLessThanOrEqual(action.x);
    }
  }
  // nothing to scroll sideways for
  const scroll = page.locator('.queue-scroll');
  expect(await scroll.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
});
