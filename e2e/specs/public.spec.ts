import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { textPdf } from '@eta/server/src/seed/pdf.ts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiAs, DEMO } from '../fixtures.ts';
import { ingestOrders, makeOrders, orderRef, type TestOrder, uniqueTag } from '../orders.ts';

/**
 * The customer's way from the approval mail to the downloaded eTA, on the real built app. Nothing is
 * placed behind the server's back: the order comes in through the ingestion API, a staff member
 * uploads the approved eTA through the upload route, and the customer follows the "Click here" link
 * of the approval mail that upload queued (`npm run demo` points it at this server).
 */

const NO_MATCH = 'We could not find an order with this Order ID and Email ID. Please check both and try again.';

interface ApprovedOrder {
  orderId: string;
  email: string;
  pdf: Buffer;
  /** the approval mail's "Click here" link, exactly as mailed */
  trackLink: string;
}

/**
 * What staff do before a customer can download: the order arrives from the website, a Team member
 * uploads the approved eTA (which queues the approval mail to the contact email), and the mail's
 * track link is read from "View Email Content", which shows exactly what the approval mail contains.
 */
async function approvedOrder(request: APIRequestContext, baseURL: string): Promise<ApprovedOrder> {
  const order = makeOrders(uniqueTag(), 1, { first_name: 'Amelia', sur_name: 'Traveller' })[0] as TestOrder;
  const [orderId] = (await ingestOrders(request, [order])) as [string];
  const email = order.contact_email_address;
  // a complete one-page PDF, made as the demo makes its eTA documents
  const pdf = textPdf([`Approved eTA ${orderId} ${randomBytes(6).toString('hex')}`]);

  const staff = await apiAs(baseURL, DEMO.team);
  try {
    const upload = await staff.post('/api/admin/upload-visa-document', {
      multipart: {
        orderId,
        email,
        uploadVisaDoc: { name: 'eta.pdf', mimeType: 'application/pdf', buffer: pdf },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);

    const content = await staff.get(`/api/admin/email-content/${encodeURIComponent(orderId)}`);
    expect(content.status(), await content.text()).toBe(200);
    const { html } = (await content.json()).data as { html: string };
    expect(html).toContain(email);
    const href = html.match(/<a href="([^"]+)">Click here<\/a>/)?.[1];
    expect(href, 'the approval mail has a Click here link').toBeTruthy();
    const trackLink = (href as string).replaceAll('&amp;', '&');
    // The link leads to this server's track page for this order (DESIGN §5: base64url of the id).
    expect(trackLink).toBe(`${new URL(baseURL).origin}/track-order/${orderRef(orderId)}`);
    return { orderId, email, pdf, trackLink };
  } finally {
    await staff.dispose();
  }
}

async function track(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email ID').fill(email);
  await page.getByRole('button', { name: 'TRACK ORDER' }).click();
}

test.describe('public pages: track, download, history', () => {
  test('from the approval mail to the downloaded eTA, with every download on record', async ({
    page,
    request,
    baseURL,
  }) => {
    const { orderId, email, pdf, trackLink } = await approvedOrder(request, baseURL as string);
    const trackPath = new URL(trackLink).pathname;

    await page.goto(trackLink);
    await expect(page).toHaveTitle('Download your ETA');
    await expect(page.getByRole('heading', { name: 'Download your ETA' })).toBeVisible();
    await expect(page.getByLabel('Order ID')).toHaveValue(orderId);
    // Ids match exactly: a phone keyboard may not capitalise or correct them.
    await expect(page.getByLabel('Order ID')).toHaveAttribute('autocapitalize', 'off');
    await expect(page.getByLabel('Order ID')).toHaveAttribute('autocorrect', 'off');
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
    const error = page.locator('.pub-toast').filter({ hasText: NO_MATCH });
    await expect(error).toBeVisible();
    await page.waitForTimeout(5500);
    await expect(error).toBeVisible();
    await error.getByRole('button', { name: 'Close notification' }).click();
    await expect(error).toBeHidden();
    await expect(page).toHaveURL(trackPath);

    // The contact email, typed in capitals: the completion page.
    await track(page, email.toUpperCase());
    await expect(page).toHaveURL(`/get-new-order-details/${orderRef(orderId)}`);
    await expect(page.locator('.pub-toast').filter({ hasText: 'Your order has been found.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Application completed' })).toBeVisible();
    // Focus moves to the new page's title, not to nowhere.
    await expect(page.getByRole('heading', { name: 'Application completed' })).toBeFocused();
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
    const downloaded = readFileSync(await download.path());
    expect(downloaded.length).toBe(pdf.length);
    expect(downloaded.equals(pdf)).toBe(true);

    const row = history.locator('tr');
    await expect(row).toHaveCount(1);
    await expect(row.locator('td').nth(0)).toHaveText(/^\d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:\d{2} EST$/);
    await expect(row.locator('td').nth(1)).toHaveText('127.0.0.1');
    await expect(row.locator('td').nth(2)).toHaveText(/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/);
    await expect(row.locator('td').nth(3)).toHaveText(/^(Chrome|Chromium)( Headless)? \d+$/);
    await expect(row.locator('td').nth(4)).toHaveText(/^Linux/);

    // A second download is a second record, and the same file.
    const again = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Now' }).click();
    expect(readFileSync(await (await again).path()).equals(pdf)).toBe(true);
    await expect(history.locator('tr')).toHaveCount(2);
  });

  test('a customer whose eTA was rejected reads what the rejection mail said, not "not ready yet"', async ({
    page,
    request,
    baseURL,
  }) => {
    const { orderId, email, trackLink } = await approvedOrder(request, baseURL as string);
    const staff = await apiAs(baseURL as string, DEMO.team);
    const rejected = await staff.post('/api/admin/send-rejection-mail', { data: { orderId, email } });
    expect(rejected.status(), await rejected.text()).toBe(200);
    await staff.dispose();

    await page.goto(trackLink);
    await track(page, email);
    await expect(page.getByRole('heading', { name: 'Your eTA application has not been approved' })).toBeVisible();
    await expect(page.getByText(/has not been approved, as our email to you explained/)).toBeVisible();
    await expect(page.getByText('not available for download yet')).toHaveCount(0);
  });

  test("a mangled mail link and the landing sites' own pages show a page a person can read", async ({ page }) => {
    await page.goto('/track-order/%%%bogus');
    await expect(page).toHaveURL(/\/track-order$/);
    await expect(page.getByRole('heading', { name: 'Download your ETA' })).toBeVisible();

    for (const path of ['/apply', '/contact-us', '/terms-and-conditions']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page.locator('body')).not.toContainText('"status"');
    }
    await page.getByRole('link', { name: 'Track your order' }).click();
    await expect(page.getByRole('heading', { name: 'Download your ETA' })).toBeVisible();
  });

  test('the completion page without an access token goes back to the track page', async ({
    page,
    request,
    baseURL,
  }) => {
    const { orderId } = await approvedOrder(request, baseURL as string);
    const ref = orderRef(orderId);
    await page.goto(`/get-new-order-details/${ref}`);
    await expect(page).toHaveURL(`/track-order/${ref}`);
    await expect(page.getByLabel('Order ID')).toHaveValue(orderId);
  });

  test('wrong tries do not pile up, success clears them, and a failed history call keeps the access', async ({
    page,
    request,
    baseURL,
  }) => {
    const { orderId, email, trackLink } = await approvedOrder(request, baseURL as string);
    await page.goto(trackLink);
    await track(page, 'not.the.customer@example.test');
    await track(page, 'still.not.them@example.test');
    await expect(page.locator('.pub-toast').filter({ hasText: NO_MATCH })).toHaveCount(1);

    // The history call fails once (too many requests): the customer stays, is told, and can try again.
    let failures = 1;
    await page.route('**/api/front/get-download-history', async (route) => {
      if (failures-- > 0) {
        await route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify({ status: 0, message: 'Too many requests. Please slow down and try again shortly.' }),
        });
      } else {
        await route.continue();
      }
    });
    await track(page, email);
    await expect(page).toHaveURL(`/get-new-order-details/${orderRef(orderId)}`);
    await expect(page.locator('.pub-toast').filter({ hasText: NO_MATCH })).toHaveCount(0);
    await expect(page.locator('.pub-toast').filter({ hasText: 'Too many requests' })).toBeVisible();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Application completed' })).toBeVisible();
  });

  test('works on a 360 px phone with no horizontal scroll', async ({ browser, request, baseURL }, testInfo) => {
    const { email, pdf, trackLink } = await approvedOrder(request, baseURL as string);
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const noHorizontalScroll = async () =>
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);

    await page.goto(trackLink);
    await expect(page.getByRole('button', { name: 'TRACK ORDER' })).toBeVisible();
    await noHorizontalScroll();
    await page.screenshot({ path: testInfo.outputPath('track-order-360.png'), fullPage: true });

    await track(page, email);
    await expect(page.getByRole('heading', { name: 'Application completed' })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Now' }).click();
    expect(readFileSync(await (await downloading).path()).equals(pdf)).toBe(true);
    await expect(page.locator('.pub-table tbody tr')).toHaveCount(1);
    await noHorizontalScroll();
    await page.screenshot({ path: testInfo.outputPath('order-details-360.png'), fullPage: true });
    await context.close();
  });
});
