import { expect, type Locator, type Page, test } from '@playwright/test';
import { postStripeEvent, type StripeDispute, stripeDisputeEvent } from '../disputes.ts';
import { DEMO, signIn } from '../fixtures.ts';
import { ingestOrders, makeOrders, orderRef, uniqueTag } from '../orders.ts';

/** DESIGN §14 texts, written out here so a typo in the app's constants fails the test. */
const TEXT = {
  opened: 'Dispute opened',
  reported: 'Dispute report fetched successfully',
  updated: 'Dispute updated',
  orderNotFound: 'Order not found.',
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/**
 * The day these disputes say they were opened: no other spec opens one then, so the report over it
 * counts exactly this spec's Stripe disputes.
 */
const OPENED_DAY = '2024-02-29';

const toast = (page: Page) => page.locator('.Toastify__toast');
const sidebarLink = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: new RegExp(`^${label}`) });
const queueRows = (page: Page) => page.locator('table.queue-table tbody tr');

/** The Respond by cells of the queue page on screen, as the deadline instants they show (null: '-'). */
async function deadlines(page: Page): Promise<(string | null)[]> {
  const days = await queueRows(page).evaluateAll((rows) => {
    // the column by its header: whether row checkboxes come first depends on the member's actions
    const headers = [...(rows[0]?.closest('table')?.querySelectorAll('thead th') ?? [])];
    const column = headers.findIndex((th) => th.textContent?.trim() === 'Respond by');
    return rows.map((row) => row.querySelectorAll('td')[column]?.querySelector('.text-nowrap')?.textContent ?? null);
  });
  // DD-MM-YYYY → YYYY-MM-DD, which sorts as the dates do.
  return days.map((day) => (day ? day.split('-').reverse().join('-') : null));
}

function dispute(overrides: Partial<StripeDispute> & Pick<StripeDispute, 'id' | 'orderId'>): StripeDispute {
  return {
    status: 'needs_response',
    dueBy: new Date(Date.now() + 10 * DAY),
    created: new Date(`${OPENED_DAY}T10:00:00Z`),
    amount: 3999,
    reason: 'fraudulent',
    ...overrides,
  };
}

/** Every cell of one breakdown of the dispute report, as shown. */
async function reportRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())),
    );
}

test('a signed Stripe dispute lands in ChargeBack, soonest first with its days left; closed as won, the report counts it', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const [soonId, laterId] = await ingestOrders(request, makeOrders(tag, 2));
  const soon = dispute({ id: `dp_${tag}_1`, orderId: soonId!, dueBy: new Date(Date.now() + 2 * DAY - HOUR) });
  const later = dispute({ id: `dp_${tag}_2`, orderId: laterId!, dueBy: new Date(Date.now() + 9 * DAY) });
  // The later deadline arrives first, so the queue's order is the deadline's, not the arrival's.
  for (const d of [later, soon]) {
    const result = await postStripeEvent(request, stripeDisputeEvent('charge.dispute.created', d));
    expect(result).toMatchObject({ outcome: 'created', matched: true });
  }

  await signIn(page, DEMO.team);
  await sidebarLink(page, 'Charge Back').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Chargeback' })).toBeVisible();
  const soonRow = queueRows(page).filter({ hasText: soonId! });
  await expect(soonRow).toHaveCount(1);
  const left = soonRow.getByText('2 days left');
  await expect(left).toBeVisible();
  await expect(left).toHaveCSS('color', 'rgb(220, 53, 69)');
  await expect(queueRows(page).filter({ hasText: laterId! }).getByText('9 days left')).toBeVisible();
  // Soonest first: deadlines ascend down the page, orders without one after them, ours before the later one.
  const shown = await deadlines(page);
  const dated = shown.filter((d): d is string => d !== null);
  expect(dated).toEqual([...dated].sort());
  expect(shown.slice(0, dated.length)).toEqual(dated);
  const rows = await queueRows(page).allTextContents();
  const rowOf = (orderId: string) => rows.findIndex((text) => text.includes(orderId));
  expect(rowOf(soonId!)).toBeGreaterThanOrEqual(0);
  expect(rowOf(soonId!)).toBeLessThan(rowOf(laterId!));
  const firstDay = new Date(soon.dueBy).toISOString().slice(0, 10);
  expect(dated[0]! <= firstDay).toBe(true);

  // Stripe closes the first one as won (a later event than the one that opened it).
  const closed = await postStripeEvent(
    request,
    stripeDisputeEvent('charge.dispute.closed', { ...soon, status: 'won' }, new Date(Date.now() + 1000)),
  );
  expect(closed).toMatchObject({ outcome: 'updated', matched: true });

  await page.goto('/logout');
  await signIn(page, DEMO.manager);
  await sidebarLink(page, 'Dispute Report').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dispute Report' })).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill(OPENED_DAY);
  await page.getByLabel('To', { exact: true }).fill(OPENED_DAY);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page).filter({ hasText: TEXT.reported }).last()).toBeVisible();

  const byProcessor = page.getByTestId('dispute-report-processor');
  await expect(byProcessor.locator('tbody tr')).toHaveCount(1);
  expect(await reportRows(byProcessor)).toEqual([
    ['1', 'Stripe', 'GBP', '2', '1', '0', '0', '1', '100%', '£39.99', '£0.00'],
  ]);
  expect(await reportRows(page.getByTestId('dispute-report-reason_category'))).toEqual([
    ['1', 'Fraud', 'GBP', '2', '1', '0', '0', '1', '100%', '£39.99', '£0.00'],
  ]);
  // The chart's table (DESIGN §21): Stripe's win rate as a percentage.
  const chart = page.getByTestId('win-rate-chart');
  await chart.getByRole('button', { name: 'Show as table' }).click();
  await expect(chart.getByRole('table').locator('tbody tr')).toHaveText(['Stripe100']);
});

test('a member opens a dispute from the order detail and finds it there and on the Disputes screen', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const [orderId] = await ingestOrders(request, makeOrders(tag, 1, { payment_processor: 'stripe' }));
  const disputeId = `ADY-${tag}`;
  await signIn(page, DEMO.team);
  await page.goto(`/admin/view-order/${orderRef(orderId!)}`);
  const section = page.getByRole('region', { name: 'Disputes' });
  await expect(section.getByText('No disputes on this order.')).toBeVisible();

  await section.getByRole('button', { name: 'Open dispute' }).click();
  const dialog = page.getByRole('dialog');
  // The form starts from the processor that took the payment; another one is confirmed (DESIGN §23).
  await expect(dialog.getByLabel('Processor')).toHaveValue('stripe');
  await dialog.getByLabel('Processor').selectOption({ label: 'Adyen' });
  await dialog.getByLabel('This dispute came through Adyen, not Stripe').check();
  await dialog.getByLabel('Dispute Id').fill(disputeId);
  // Test orders arrive without a price: the member types what the processor disputes.
  await dialog.getByLabel('Amount').fill('39.99');
  await dialog.getByLabel('Currency').fill('gbp');
  await dialog.getByLabel('Reason code').fill('4837');
  await expect(dialog.locator('.form-text', { hasText: 'Mastercard · No cardholder authorization' })).toBeVisible();
  await expect(dialog.getByLabel('Category')).toHaveValue('fraud');
  await expect(dialog.getByText(/If left empty: .*Mastercard's usual 45 days/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Open dispute' }).click();

  await expect(toast(page).filter({ hasText: TEXT.opened })).toBeVisible();
  await expect(dialog).toBeHidden();
  // The order has moved to ChargeBack; its dispute is listed with an estimated deadline and in Activity.
  await expect(page.getByTestId('order-status')).toHaveText('Charge Back');
  const item = section.getByRole('article', { name: `Adyen · ${disputeId}` });
  await expect(item.getByText('Needs response')).toBeVisible();
  await expect(item.getByText('4837 · Fraud')).toBeVisible();
  await expect(item.getByText('£39.99')).toBeVisible();
  await expect(item.getByText('estimated')).toBeVisible();
  await expect(page.getByTestId('activity').getByText(`Dispute opened: Adyen ${disputeId}`)).toBeVisible();

  await sidebarLink(page, 'Disputes').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
  await page.getByLabel('Processor').selectOption({ label: 'Adyen' });
  const row = page.getByRole('row').filter({ hasText: disputeId });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Needs response')).toBeVisible();
  await row.getByRole('link', { name: orderId! }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(orderId!);
});

test('a dispute for an order the desk does not know waits as unmatched until a member links it', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const [orderId] = await ingestOrders(request, makeOrders(tag, 1));
  const lost = dispute({ id: `dp_${tag}_lost`, orderId: `UKETA-${tag}-TYPO` });
  expect(await postStripeEvent(request, stripeDisputeEvent('charge.dispute.created', lost))).toMatchObject({
    outcome: 'created',
    matched: false,
  });

  await signIn(page, DEMO.night);
  await page.goto('/admin/disputes?view=unmatched');
  const row = page.getByRole('row').filter({ hasText: lost.id });
  await expect(row.getByText(lost.orderId)).toBeVisible();
  await row.getByRole('button', { name: 'Link to order' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Order Id').fill(`UKETA-${tag}-99`);
  await dialog.getByRole('button', { name: 'Link' }).click();
  await expect(dialog.getByText(TEXT.orderNotFound)).toBeVisible();

  await dialog.getByLabel('Order Id').fill(orderId!);
  await dialog.getByRole('button', { name: 'Link' }).click();
  await expect(toast(page).filter({ hasText: TEXT.updated })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);

  await page.goto(`/admin/view-order/${orderRef(orderId!)}`);
  await expect(page.getByTestId('order-status')).toHaveText('Charge Back');
  await expect(page.getByRole('article', { name: `Stripe · ${lost.id}` })).toBeVisible();
});
