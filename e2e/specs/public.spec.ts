import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import Database from 'better-sqlite3';

/**
 * The customer's way from the approval mail to the downloaded eTA (issue 5), on the real built app.
 *
 * Setup: the order comes in through the real ingestion API (X-Api-Key e2e-ingest-key, see
 * playwright.config.ts). The document upload route belongs to another feature, so the approved eTA
 * is placed the way an upload leaves it: the file under e2e/.data/documents and its row inserted
 * with better-sqlite3 into the server's own SQLite database (WAL mode, so the running server sees it).
 */

const DATA_DIR = path.resolve(import.meta.dirname, '../.data');
const PDF = Buffer.from(
  `%PDF-1.4\n% e2e ${randomBytes(8).toString('hex')}\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n`,
);
const NO_MATCH = 'We could not find an order with this Order ID and Email ID. Please check both and try again.';

/** The track link of the approval mail: /track-order/{base64url of the order id} (DESIGN §5). */
const trackPath = (orderId: string) => `/track-order/${Buffer.from(orderId).toString('base64url')}`;

async function createOrderWithDocument(baseURL: string): Promise<{ orderId: string; email: string }> {
  const orderId = `UKETA-E2E${Date.now().toString(36).toUpperCase()}${randomBytes(2).toString('hex')}`;
  const email = `traveller.${orderId.toLowerCase()}@example.test`;
  const api: APIRequestContext = await request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-api-key': 'e2e-ingest-key' },
  });
  const res = await api.post('/api/integrations/orders', {
    data: { order_id: orderId, first_name: 'Amelia', sur_name: 'Traveller', contact_email_address: email },
  });
  expect(res.status(), await res.text()).toBe(201);
  await api.dispose();

  const file1 = `${randomBytes(16).toString('hex')}.pdf`;
  mkdirSync(path.join(DATA_DIR, 'documents'), { recursive: true });
  writeFileSync(path.join(DATA_DIR, 'documents', file1), PDF);
  const db = new Database(path.join(DATA_DIR, 'eta-desk.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const order = db.prepare('SELECT id FROM orders WHERE order_id = ?').get(orderId) as { id: number };
    db.prepare(
      `INSERT INTO documents (order_id, file1, original_name, content_type, size, customer_name, is_rejected_doc,
         mail_service_provider, created_at) VALUES (?, ?, 'eta.pdf', 'application/pdf', ?, 'Amelia Traveller', 'No', 'cloud', ?)`,
    ).run(order.id, file1, PDF.length, new Date().toISOString());
  } finally {
    db.close();
  }
  return { orderId, email };
}

async function track(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email ID').fill(email);
  await page.getByRole('button', { name: 'TRACK ORDER' }).click();
}

test.describe('public pages: track, download, history', () => {
  test('from the track link to the downloaded eTA, with every download on record', async ({ page, baseURL }) => {
    const { orderId, email } = await createOrderWithDocument(baseURL as string);
    await page.goto(trackPath(orderId));
    await expect(page).toHaveTitle('Download your ETA');
    await expect(page.getByRole('heading', { name: 'Download your ETA' })).toBeVisible();
    await expect(page.getByLabel('Order ID')).toHaveValue(orderId);
    await expect(page.getByRole('link', { name: 'Contact Support' }).last()).toHaveAttribute('href', /\/contact-us$/);
    await expect(page.locator('.pub-copyright')).toHaveText(/^© 2025 /);

    // SPEC §5: required fields, messages in red under the fields.
    await page.getByLabel('Order ID').fill('');
    await page.getByRole('button', { name: 'TRACK ORDER' }).click();
    await expect(page.getByText('Please enter your orderId')).toBeVisible();
    await expect(page.getByText('Please enter your email')).toBeVisible();
    await expect(page.getByText('Please enter your orderId')).toHaveCSS('color', 'rgb(198, 40, 40)');
    await page.getByLabel('Order ID').fill(orderId);

    // A wrong email: an error toast that stays until it is closed (SPEC §9).
    await track(page, 'not.the.customer@example.test');
    const error = page.getByRole('alert').filter({ hasText: NO_MATCH });
    await expect(error).toBeVisible();
    await page.waitForTimeout(5500);
    await expect(error).toBeVisible();
    await error.getByRole('button', { name: 'Close notification' }).click();
    await expect(error).toBeHidden();
    await expect(page).toHaveURL(trackPath(orderId));

    // The right email, typed in capitals: the completion page.
    await track(page, email.toUpperCase());
    await expect(page).toHaveURL(`/get-new-order-details/${Buffer.from(orderId).toString('base64url')}`);
    await expect(page.getByRole('status').filter({ hasText: 'Your order has been found.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Application completed' })).toBeVisible();
    await expect(page.getByText(`Order ID ${orderId}`)).toBeVisible();
    const history = page.locator('.pub-table tbody');
    await expect(history).toHaveText('No records found');

    // Download Now: the record first, the file a second later (SPEC §9), bytes as uploaded.
    const clicked = Date.now();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Now' }).click();
    const download = await downloading;
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(900);
    expect(download.suggestedFilename()).toBe(`${orderId}_eTA.pdf`);
    expect(readFileSync(await download.path()).equals(PDF)).toBe(true);

    const row = history.locator('tr');
    await expect(row).toHaveCount(1);
    await expect(row.locator('td').nth(0)).toHaveText(/^\d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:\d{2} EST$/);
    await expect(row.locator('td').nth(1)).toHaveText('127.0.0.1');
    await expect(row.locator('td').nth(2)).toHaveText(/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/);
    await expect(row.locator('td').nth(3)).toHaveText(/^(Chrome|Chromium)( Headless)? \d+$/);
    await expect(row.locator('td').nth(4)).toHaveText(/^Linux/);

    // A second download is a second record.
    const again = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Now' }).click();
    await again;
    await expect(history.locator('tr')).toHaveCount(2);
  });

  test('the completion page without an access token goes back to the track page', async ({ page, baseURL }) => {
    const { orderId } = await createOrderWithDocument(baseURL as string);
    const ref = Buffer.from(orderId).toString('base64url');
    await page.goto(`/get-new-order-details/${ref}`);
    await expect(page).toHaveURL(`/track-order/${ref}`);
    await expect(page.getByLabel('Order ID')).toHaveValue(orderId);
  });

  test('works on a 360 px phone with no horizontal scroll', async ({ browser, baseURL }, testInfo) => {
    const { orderId, email } = await createOrderWithDocument(baseURL as string);
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const noHorizontalScroll = async () =>
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);

    await page.goto(trackPath(orderId));
    await expect(page.getByRole('button', { name: 'TRACK ORDER' })).toBeVisible();
    await noHorizontalScroll();
    await page.screenshot({ path: testInfo.outputPath('track-order-360.png'), fullPage: true });

    await track(page, email);
    await expect(page.getByRole('heading', { name: 'Application completed' })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Now' }).click();
    await downloading;
    await expect(page.locator('.pub-table tbody tr')).toHaveCount(1);
    await noHorizontalScroll();
    await page.screenshot({ path: testInfo.outputPath('order-details-360.png'), fullPage: true });
    await context.close();
  });
});
