import { expect, test } from '@playwright/test';
import { apiAs, DEMO } from '../fixtures.ts';
import { ingestOrders, makeOrders, orderRef, type TestOrder, uniqueTag } from '../orders.ts';

/**
 * DESIGN §25 on the customer's page, on the real built app at phone width: while the order awaits
 * the customer the page says so in their words and shows the note of the template we mailed them.
 */
const AWAITING_TEXT = 'We need something from you before we can go on.';

test('the customer page says where the order is and what we wait for, at 390 px', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const order = makeOrders(uniqueTag(), 1, { first_name: 'Amelia', sur_name: 'Traveller' })[0] as TestOrder;
  const [orderId] = (await ingestOrders(request, [order])) as [string];
  const note = 'Send us a clearer photo of your passport page, with all four corners showing.';

  const manager = await apiAs(baseURL as string, DEMO.manager);
  try {
    const created = await manager.post('/api/admin/mail-templates', {
      data: {
        name: `Photo ${uniqueTag()}`,
        subject: 'About {{order_id}}',
        body: 'Dear {{first_name}}',
        publicNote: note,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const templateId = (await created.json()).data.id as number;
    const moved = await manager.put('/api/admin/move-order-status', {
      data: { orderId, updatingStatus: 'Awaiting ' },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    const sent = await manager.post('/api/admin/send-customer-mail', {
      data: { orderId, templateId, subject: 'About {{order_id}}', body: 'Dear {{first_name}}' },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  } finally {
    await manager.dispose();
  }

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${new URL(baseURL as string).origin}/track-order/${orderRef(orderId)}`);
  await page.getByLabel('Email ID').fill(order.contact_email_address);
  await page.getByRole('button', { name: 'TRACK ORDER' }).click();
  await expect(page.getByText(AWAITING_TEXT)).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(note);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('customer-page-awaiting-390.png'), fullPage: true });
  await context.close();
});
