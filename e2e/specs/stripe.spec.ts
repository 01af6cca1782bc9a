import { expect, type Page, test } from '@playwright/test';
import { axeFailures } from '../a11y/axe.ts';
import { DEMO, signIn } from '../fixtures.ts';
import { orderRef, uniqueTag } from '../orders.ts';
import { confirm, openQueue, row, search, TEXT } from '../queues.ts';
import { postSignedStripeEvent, stripeDouble, stripePaidOrder } from '../stripe-double.ts';

/**
 * The Stripe screens (DESIGN §26) in Chromium, against the second e2e server: Stripe connected, its
 * API the strict Stripe test double (serve-stripe.ts). What the double received is read back through
 * its control channel: exactly one refund per request, whatever the screens retried. The axe spec
 * sees these screens only with Stripe not connected; here each is also checked with its data on it.
 */

const DAY = 86_400_000;
const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify__toast').filter({ hasText: text });
const refundsSection = (page: Page) => page.locator('section#refunds');
const dashboardCount = (page: Page, testId: string) => page.getByTestId(testId);

/** WCAG 2.2 AA over the screen as it stands (a11y/axe.ts, the accessibility spec's own rules). */
async function noAxeFailure(page: Page, where: string): Promise<void> {
  const failures = await axeFailures(page, where);
  expect(failures, failures.join('\n')).toEqual([]);
}

async function openOrder(page: Page, orderId: string): Promise<void> {
  await page.goto(`/admin/view-order/${orderRef(orderId)}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(orderId);
}

test('"Refunded it" on a Stripe-paid order refunds it once at Stripe, and the order shows it refunded', async ({
  page,
  request,
}) => {
  const { orderId, charge } = await stripePaidOrder(request, uniqueTag(), { process_status: 'Refunds' });
  await signIn(page, DEMO.team);
  await openQueue(page, 'Refunds');
  await search(page, orderId, 1);
  await row(page, orderId).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Refunded it' }).click();
  await confirm(page, TEXT.confirmRefund);
  // the Refunds folder shows where the refund is, beside the order's status
  await expect(row(page, orderId).getByTestId('refund-state')).toHaveText(/Sent to Stripe|Refunded/);

  await openOrder(page, orderId);
  await expect(refundsSection(page).getByText('Refunded', { exact: true })).toBeVisible();
  await expect(refundsSection(page)).toContainText('£39.99');
  const refunds = await stripeDouble.refundsOf(charge.id);
  expect(refunds.map((r) => [r.amount, r.status])).toEqual([[3999, 'succeeded']]);
  await expect(refundsSection(page)).toContainText(refunds[0]!.id);
  await noAxeFailure(page, 'order detail, refunded through Stripe');
  const calls = (await stripeDouble.calls('^/v1/refunds$')).filter((c) => c.form.charge === charge.id);
  expect(calls.map((c) => c.idempotencyKey)).toEqual([expect.stringMatching(/^refund-\d+-1$/)]);
});

test('a refund Stripe refuses is counted on the dashboard and listed; Retry makes it, still one refund at Stripe', async ({
  page,
  request,
}) => {
  const { orderId, charge } = await stripePaidOrder(request, uniqueTag(), { process_status: 'Refunds' });
  await signIn(page, DEMO.team);
  const before = Number(await dashboardCount(page, 'count-refunds-failed').innerText());
  // the next refund call is declined (402), a definite failure: the refund fails, nothing is made
  await stripeDouble.fault('^/v1/refunds$', { kind: 'status', status: 402 });
  await openOrder(page, orderId);
  await refundsSection(page).getByLabel('Amount to refund (GBP)').fill('39.99');
  await refundsSection(page).getByRole('button', { name: 'Refund through Stripe' }).click();
  await expect(toast(page, 'Refund sent to Stripe.')).toBeVisible();
  await expect(refundsSection(page).getByText('Refund failed', { exact: true })).toBeVisible();
  await expect(refundsSection(page)).toContainText('Your card was declined.');

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(dashboardCount(page, 'count-refunds-failed')).toHaveText(String(before + 1));
  await page.getByRole('link', { name: /Refund failed/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Failed Refunds' })).toBeVisible();
  const listed = page.locator('tr', { hasText: orderId });
  await expect(listed).toContainText('Your card was declined.');
  await noAxeFailure(page, 'Failed Refunds, one listed');
  await listed.getByRole('button', { name: 'Retry refund' }).click();
  await expect(toast(page, 'Refund sent to Stripe again.')).toBeVisible();
  await expect(listed).toHaveCount(0);

  await openOrder(page, orderId);
  await expect(refundsSection(page).getByText('Refunded', { exact: true })).toBeVisible();
  expect((await stripeDouble.refundsOf(charge.id)).map((r) => r.amount)).toEqual([3999]);
  const calls = (await stripeDouble.calls('^/v1/refunds$')).filter((c) => c.form.charge === charge.id);
  const keys = calls.map((c) => c.idempotencyKey ?? '');
  // the declined attempt and the retry: a new attempt, so a new key
  expect(keys).toEqual([expect.stringMatching(/^refund-\d+-1$/), expect.stringMatching(/^refund-\d+-2$/)]);
  expect(keys[1]!.replace(/-2$/, '')).toBe(keys[0]!.replace(/-1$/, ''));
});

test('Submit evidence on a Stripe dispute shows the review in words, then sends it to Stripe', async ({
  page,
  request,
}) => {
  const { orderId, charge } = await stripePaidOrder(request, uniqueTag(), {
    process_status: 'Completed',
    purchase_ip: '203.0.113.7',
  });
  const dueBy = new Date(Date.now() + 5 * DAY);
  const atStripe = await stripeDouble.addDispute(charge.id, dueBy);
  const opened = await postSignedStripeEvent(request, 'charge.dispute.created', {
    ...atStripe,
    reason: 'fraudulent',
    created: Math.floor(Date.now() / 1000),
    metadata: { order_id: orderId },
    livemode: false,
  });
  expect(opened).toMatchObject({ outcome: 'created', matched: true });

  await signIn(page, DEMO.team);
  await openOrder(page, orderId);
  const card = page.getByRole('article').filter({ hasText: atStripe.id });
  await card.getByRole('button', { name: 'Submit evidence' }).click();
  const review = page.getByRole('dialog', { name: 'Evidence staged at Stripe: review, then send' });
  await expect(review).toBeVisible();
  for (const label of ['Product description', 'Customer name', 'Customer email', 'Purchase IP address'])
    await expect(review.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
  await expect(review).not.toContainText('customer email address');
  await expect(review).toContainText('203.0.113.7');
  await noAxeFailure(page, 'Submit evidence review');
  // staged, not sent: Stripe has the evidence but no submission yet
  expect((await stripeDouble.dispute(atStripe.id)).evidence_details.submission_count).toBe(0);

  await review.getByRole('button', { name: 'Send to Stripe' }).click();
  await expect(toast(page, /^Evidence sent to Stripe: .*Customer email/)).toBeVisible();
  await expect(review).toBeHidden();
  await expect(card.getByRole('button', { name: 'Submit evidence' })).toHaveCount(0);
  const sent = await stripeDouble.dispute(atStripe.id);
  expect(sent.status).toBe('under_review');
  expect(sent.evidence_details.submission_count).toBe(1);
  expect(sent.evidence).toMatchObject({
    customer_purchase_ip: '203.0.113.7',
    customer_email_address: expect.stringContaining('@example.test'),
    uncategorized_file: expect.stringMatching(/^file_/),
  });
  const submits = (await stripeDouble.calls(`^/v1/disputes/${atStripe.id}$`)).map((c) => c.form.submit);
  expect(submits).toEqual(['false', 'true']);
});

test('an early fraud warning is counted and listed; Refund now refunds it at Stripe in one click', async ({
  page,
  request,
}) => {
  const { orderId, charge } = await stripePaidOrder(request, uniqueTag(), { process_status: 'Completed' });
  const warned = await postSignedStripeEvent(request, 'radar.early_fraud_warning.created', {
    id: `issfr_${uniqueTag()}`,
    object: 'radar.early_fraud_warning',
    actionable: true,
    charge: charge.id,
    created: Math.floor(Date.now() / 1000),
    fraud_type: 'made_with_stolen_card',
    livemode: false,
    payment_intent: charge.payment_intent,
  });
  expect(warned).toMatchObject({ outcome: 'created', matched: true });

  await signIn(page, DEMO.team);
  await expect(dashboardCount(page, 'count-fraud-warnings')).not.toHaveText('0');
  await page.getByRole('link', { name: /Fraud warnings open/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fraud Warnings' })).toBeVisible();
  const listed = page.locator('tr', { hasText: orderId });
  await expect(listed).toContainText('Made with stolen card');
  await expect(listed).toContainText('Never downloaded');
  await noAxeFailure(page, 'Fraud Warnings, one open');
  await listed.getByRole('button', { name: 'Refund now' }).click();
  await expect(toast(page, 'Refund sent to Stripe.')).toBeVisible();
  // decided: it leaves the open warnings
  await expect(listed).toHaveCount(0);
  await expect.poll(async () => (await stripeDouble.refundsOf(charge.id)).map((r) => r.amount)).toEqual([3999]);

  await openOrder(page, orderId);
  await expect(refundsSection(page).getByText('Refunded', { exact: true })).toBeVisible();
});
