import { expect, type Page, test } from '@playwright/test';
import { apiAs, DEMO, signIn } from '../fixtures.ts';
import { ingestOrders, makeOrders, orderRef, type TestOrder, uniqueTag } from '../orders.ts';

/** SPEC §5 texts and the server's replies, written out so a typo in the app's constants fails. */
const TEXT = {
  transactionIdRequired: 'Please enter your Transaction Id',
  merchantNameRequired: 'Please enter your Merchant Name',
  transactionSaved: 'Transaction details saved successfully',
  invoiceOrderIdRequired: 'Please enter your order id.',
  invoiceOrderIdMin: 'Order Id must be at least 6 characters.',
  disclaimer: 'is not affiliated with, endorsed by or acting on behalf of the UK Government',
};

/** A one-page PDF with a line of text: the approved document the pack appends. */
const STREAM = 'BT /F1 18 Tf 40 100 Td (Approved eTA for the e2e test) Tj ET';
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 420 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj',
    `4 0 obj<</Length ${STREAM.length}>>stream\n${STREAM}\nendstream endobj`,
    '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj',
    'trailer<</Root 1 0 R>>',
    '%%EOF',
    '',
  ].join('\n'),
  'latin1',
);

const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify__toast').filter({ hasText: text });
const sidebarLink = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: new RegExp(`^${label}`) });

test('a Manager enters transaction details on a Completed order, opens Defence Pack 1 and sends an invoice', async ({
  page,
  request,
  baseURL,
}) => {
  // A Completed order with its approved document, as a chargeback finds it.
  const tag = uniqueTag();
  const order = {
    ...(makeOrders(tag, 1, { process_status: 'Completed' })[0] as TestOrder),
    amount: 39.99,
    currency: 'GBP',
  };
  const [orderId] = await ingestOrders(request, [order]);
  const id = orderId as string;
  const manager = await apiAs(baseURL as string, DEMO.manager);
  const upload = await manager.post('/api/admin/upload-visa-document', {
    multipart: {
      orderId: id,
      email: order.contact_email_address,
      uploadVisaDoc: { name: 'eta.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await manager.dispose();

  await signIn(page, DEMO.manager);
  await page.goto(`/admin/view-order/${orderRef(id)}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(id);

  // Enter Transaction Details: both SPEC §5 messages, then a save that reloads the order.
  await page.getByRole('button', { name: 'Enter Transaction Details' }).click();
  const txn = page.getByRole('dialog', { name: 'Enter Transaction Details' });
  await expect(txn.getByLabel('Order Id')).toHaveValue(id);
  await txn.getByRole('button', { name: 'Submit' }).click();
  await expect(txn.getByText(TEXT.transactionIdRequired)).toBeVisible();
  await expect(txn.getByText(TEXT.merchantNameRequired)).toBeVisible();
  const transactionId = `ch_${tag}`;
  await txn.getByLabel('Transaction ID').fill(transactionId);
  await txn.getByLabel('Merchant Name').fill('ETA ONLINE SERVICES');
  await txn.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, TEXT.transactionSaved)).toBeVisible();
  await expect(txn).toBeHidden();
  await expect(page.getByRole('region', { name: 'Payment Details', exact: true })).toContainText(transactionId);

  // Defence Pack 1: the letter with the order's values, then the PDF in a new window.
  await page.getByRole('button', { name: 'Defence Pack 1' }).click();
  const pack = page.getByRole('dialog', { name: 'Defence Pack 1' });
  const letter = pack.getByTestId('defence-letter');
  await expect(letter).toContainText(transactionId);
  await expect(letter).toContainText('ETA ONLINE SERVICES');
  await expect(letter).toContainText('£39.99');
  await expect(letter).toContainText(TEXT.disclaimer);
  const [popup, response] = await Promise.all([
    page.waitForEvent('popup'),
    page.waitForResponse((r) => r.url().endsWith('/api/admin/get-defence-pack-pdf')),
    pack.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toBe(`inline; filename="${id}_defence_pack_1.pdf"`);
  expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(popup.url()).toMatch(/^blob:/);
  await popup.close();
  await expect(pack.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  await pack.getByRole('button', { name: 'Close' }).first().click();
  await expect(pack).toBeHidden();

  // Send Invoice: SPEC §5 messages, an unknown order as an error toast, then the invoice.
  await sidebarLink(page, 'Manage Invoices').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Send Invoice' })).toBeVisible();
  const field = page.getByLabel('Order Id');
  const send = page.getByRole('button', { name: 'Send Invoice' });
  await send.click();
  await expect(page.getByText(TEXT.invoiceOrderIdRequired)).toBeVisible();
  await field.fill('UK1');
  await send.click();
  await expect(page.getByText(TEXT.invoiceOrderIdMin)).toBeVisible();
  await field.fill(`UKETA-${tag}-404`);
  await send.click();
  await expect(toast(page, `No order found with order id UKETA-${tag}-404.`)).toBeVisible();
  await field.fill(id);
  await send.click();
  await expect(toast(page, /^Invoice INV-\d{4}-\d{6} has been queued to be sent to /)).toBeVisible();
  await expect(field).toHaveValue('');
});
