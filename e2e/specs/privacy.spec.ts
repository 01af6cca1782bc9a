import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { apiAs, confirmItIsYou, DEMO, signIn } from '../fixtures.ts';
import { ingestOrders, makeOrders, orderRef, uniqueTag } from '../orders.ts';

/** DESIGN §16 as an Admin meets it: who opened an order, the audit log, an erasure and a subject export. */
const sidebarLink = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: new RegExp(`^${label}`) });
const bodyRows = (page: Page) => page.locator('table.log-table tbody tr');
const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(now.getUTCDate())}-${pad(now.getUTCMonth() + 1)}-${now.getUTCFullYear()}`;
};

test.describe('personal data: access log, audit log, erasure, subject access', () => {
  test("answers who opened an order, from the Access Log to the order's Activity", async ({ page, baseURL }) => {
    const admin = await apiAs(baseURL as string, DEMO.admin);
    const [orderId] = await ingestOrders(admin, makeOrders(uniqueTag(), 1));
    // Nina of the night shift opens the order (a detail read is logged before the reply leaves).
    const night = await apiAs(baseURL as string, DEMO.night);
    expect((await night.get(`/api/admin/get-orders-details/${orderId}`)).ok()).toBe(true);

    await signIn(page, DEMO.admin);
    await sidebarLink(page, 'Access Log').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Access Log' })).toBeVisible();
    await page.getByLabel('Order ID').fill(orderId!);
    await page.getByLabel('Order ID').press('Enter');
    await expect(bodyRows(page)).toHaveCount(1);
    const row = bodyRows(page).first();
    await expect(row).toContainText('Nina Night');
    await expect(row).toContainText('Viewed the order');

    // The row's order link opens the detail; its Activity names Nina, and now the Admin too.
    await row.getByRole('link', { name: orderId! }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/view-order/${orderRef(orderId!)}$`));
    const activity = page.getByRole('region', { name: 'Activity', exact: true });
    await expect(activity.getByText('Who opened this order')).toBeVisible();
    await expect(activity.getByRole('cell', { name: 'Nina Night' })).toBeVisible();
    await expect(activity.getByRole('cell', { name: 'Alice Admin' })).toBeVisible();
    await night.dispose();
    await admin.dispose();
  });

  test('lists a failed sign-in in the Audit Log, filtered, and exports it as CSV', async ({ page, baseURL }) => {
    const anonymous = await page.request.post(`${baseURL}/api/admin/admin-login`, {
      data: { email: DEMO.telecaller, password: 'not-the-password' },
    });
    expect(anonymous.status()).toBe(401);

    await signIn(page, DEMO.admin);
    await sidebarLink(page, 'Audit Log').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    await page.getByLabel('Action').selectOption({ label: 'Sign-in failed' });
    const failed = bodyRows(page).filter({ hasText: DEMO.telecaller }).first();
    await expect(failed).toContainText('Sign-in failed');
    await expect(failed).toContainText('wrong password');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('audit-log.csv');
    const csv = readFileSync((await file.path()) as string, 'utf8');
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header).toBe('Date & Time (UTC),Member,Action,Target,Detail,IP,User agent');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.includes('Sign-in failed'))).toBe(true);
    expect(lines.some((line) => line.includes(DEMO.telecaller))).toBe(true);
  });

  test("erases an order's personal data on request and exports what is held about an email", async ({
    page,
    baseURL,
    browser,
  }) => {
    const admin = await apiAs(baseURL as string, DEMO.admin);
    const [erased, kept] = makeOrders(uniqueTag(), 2);
    await ingestOrders(admin, [erased!, kept!]);
    await admin.dispose();

    await signIn(page, DEMO.admin);
    await page.goto(`/admin/view-order/${orderRef(erased!.order_id)}`);
    await expect(page.locator('#upload-email')).toHaveValue(erased!.contact_email_address);
    // Nina has the order open too: she is told of the erasure, by name; Alice, who erased, is not
    const nina = await (await browser.newContext()).newPage();
    await signIn(nina, DEMO.night);
    await nina.goto(`/admin/view-order/${orderRef(erased!.order_id)}`);
    await expect(page.locator('#main-content').getByText('Also viewing: Nina Night')).toBeVisible();
    const personal = page.getByRole('region', { name: 'Personal Data', exact: true });
    await personal.getByRole('button', { name: 'Erase personal data' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Applicant asked by mail on the 24th');
    await dialog.getByRole('button', { name: 'Erase personal data' }).click();
    await confirmItIsYou(page);
    await expect(dialog).toBeHidden();
    await expect(personal).toContainText(`Personal data erased on ${today()} at the applicant's request.`);
    await expect(personal.getByRole('button', { name: 'Erase personal data' })).toHaveCount(0);
    await expect(page.getByText(erased!.contact_email_address)).toHaveCount(0);
    // DESIGN §22: the order was read again; its upload form holds no address and sends nothing
    await expect(page.locator('#upload-email')).toHaveValue('');
    await expect(page.locator('#upload-email')).toBeDisabled();
    await expect(page.getByText("This order's personal data was erased. No mail can be sent for it.")).toBeVisible();
    const activity = page.getByRole('region', { name: 'Activity', exact: true });
    await expect(
      activity.getByRole('listitem').filter({ hasText: "Personal data erased at the applicant's request" }),
    ).toContainText('Alice Admin');
    await expect(
      nina.locator('#main-content').getByText('Alice Admin changed it since you opened this order.'),
    ).toBeVisible();
    await expect(page.getByText(/since you opened this order/)).toHaveCount(0);
    await nina.context().close();

    // The erasure is in the audit log, with its reason.
    await sidebarLink(page, 'Audit Log').click();
    await page.getByLabel('Action').selectOption({ label: 'Erased an order’s personal data' });
    await expect(bodyRows(page).filter({ hasText: erased!.order_id })).toContainText(
      'Applicant asked by mail on the 24th',
    );

    // Nothing is held about the erased applicant any more: an error, no download.
    await sidebarLink(page, 'Access Log').click();
    await page.getByRole('button', { name: 'Subject access export' }).click();
    const exportDialog = page.getByRole('dialog');
    await exportDialog.getByLabel('Email address').fill(erased!.contact_email_address);
    await exportDialog.getByRole('button', { name: 'Download ZIP' }).click();
    await expect(page.getByText('No orders were found for this address.')).toBeVisible();
    await expect(exportDialog).toBeVisible();

    // A subject access request for the other order's applicant: a ZIP to send them.
    await exportDialog.getByLabel('Email address').fill(kept!.contact_email_address);
    const download = page.waitForEvent('download');
    await exportDialog.getByRole('button', { name: 'Download ZIP' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`subject-export-${kept!.contact_email_address}.zip`);
    const zip = readFileSync((await file.path()) as string);
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zip.includes(Buffer.from(kept!.order_id))).toBe(true);
    await expect(exportDialog).toBeHidden();
  });
});
