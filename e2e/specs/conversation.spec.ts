import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from '../fixtures.ts';
import { customerMail, deliver, PDF_ATTACHMENT } from '../mailbox.ts';
import { ingestOrders, makeOrders, orderRef, uniqueTag } from '../orders.ts';

/**
 * The conversation with the customer (DESIGN §25), end to end: a template written on Mail Templates,
 * a mail sent from it on the order, the customer's reply read from the real mailbox (dovecot, started
 * with the server by serve.ts) onto the order, and a mail that found no order linked by hand.
 */

const conversation = (page: Page) => page.locator('#conversation');
const fromCustomer = (page: Page) => conversation(page).locator('.conversation-mail.from-customer');
const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text });

/** Reads the order again until the mailbox's mail is on it: the reader takes it within a poll. */
async function untilOnTheOrder(page: Page, subject: string): Promise<void> {
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(fromCustomer(page).filter({ hasText: subject })).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('a template, a mail from it, the customer reply on the order, and a stray mail linked', async ({
  page,
  request,
}) => {
  // many round trips, and the mailbox read between them
  test.slow();
  const tag = uniqueTag();
  const [orderId] = await ingestOrders(request, makeOrders(tag, 1, { process_status: 'Awaiting' }));
  const id = orderId as string;

  // An Admin writes a template offered on Awaiting Customer orders.
  await signIn(page, DEMO.admin);
  await page.goto('/admin/mail-templates');
  await page.getByRole('button', { name: 'New template' }).click();
  const form = page.getByRole('form', { name: 'New template' });
  await form.getByLabel('Name').fill(`Photo ${tag}`);
  await form.getByLabel('Subject').fill('Your eTA {{order_id}}: a clearer photo, please');
  await form.getByLabel('Message', { exact: true }).fill('Dear {{first_name}}, please reply with a clearer photo.');
  await form.getByLabel('Awaiting Customer').check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row').filter({ hasText: `Photo ${tag}` })).toHaveCount(1);

  // It is offered on the order, filled in by the server, and the mail shows in the Conversation.
  await page.goto(`/admin/view-order/${orderRef(id)}`);
  await expect(conversation(page)).toContainText('No mail with the customer yet.');
  await page.getByRole('button', { name: 'Write to customer' }).click();
  await page.getByLabel('Template').selectOption({ label: `Photo ${tag}` });
  await expect(page.getByLabel('Subject')).toHaveValue('Your eTA {{order_id}}: a clearer photo, please');
  await page.getByRole('button', { name: 'Send mail', exact: true }).click();
  await expect(toast(page, 'queued')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Write to customer' })).toBeFocused();
  const ours = conversation(page).locator('.conversation-mail.from-us');
  await expect(ours).toHaveCount(1);
  await expect(ours).toContainText(`Your eTA ${id}: a clearer photo, please`);

  // The customer answers with the photo: the reply is read from the mailbox onto the order.
  const subject = `Re: Your eTA ${id}: a clearer photo, please`;
  await deliver(
    await customerMail({
      to: 'replies@inbox.e2e.test',
      subject,
      text: 'Here is a clearer one.',
      attachments: [PDF_ATTACHMENT],
    }),
  );
  await untilOnTheOrder(page, subject);
  const reply = fromCustomer(page).filter({ hasText: subject });
  await expect(reply).toContainText('Here is a clearer one.');
  await expect(reply).toContainText('Received');
  const download = page.waitForEvent('download');
  await reply.getByRole('button', { name: /passport-photo\.pdf/ }).click();
  expect((await download).suggestedFilename()).toBe('passport-photo.pdf');

  // The Awaiting Customer queue marks the order as answered.
  await page.goto('/admin/awaiting-response');
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(tag);
  const row = page.locator('table.queue-table tbody tr').filter({ hasText: id });
  await expect(row).toContainText('Customer replied');

  // A mail that names no order waits on Unmatched Mail until a member links it.
  const stray = `Question ${tag}`;
  await deliver(await customerMail({ to: 'replies@inbox.e2e.test', subject: stray, text: 'Is my eTA ready?' }));
  await page.goto('/admin/unmatched-mail');
  const card = page.getByTestId('unmatched-mail').filter({ hasText: stray });
  await expect(async () => {
    await page.reload();
    await expect(card).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await card.getByLabel('Order id').fill(id);
  await card.getByRole('button', { name: 'Link to order' }).click();
  await expect(card).toHaveCount(0);
  await page.goto(`/admin/view-order/${orderRef(id)}`);
  await expect(fromCustomer(page).filter({ hasText: stray })).toContainText('Is my eTA ready?');
});
