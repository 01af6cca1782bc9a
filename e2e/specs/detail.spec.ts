import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs, DEMO, DEMO_PASSWORD, signIn } from '../fixtures.ts';
import { ingestOrders, makeOrders, orderRef, uniqueTag } from '../orders.ts';

/** SPEC §5 and §8 texts and the server's replies, written out so a typo in the app's constants fails. */
const TEXT = {
  remarkRequired: 'Please enter your remark',
  fileRequired: 'File is required',
  remarkAdded: 'Remark added successfully',
  uploaded: 'Document uploaded successfully. The approval mail has been queued.',
  confirmReject: 'Are you sure to send Rejection mail to applicant?',
  rejectionSent: 'Rejection mail sent',
  movedToCompleted: 'Order has been moved to Completed successfully',
  noRecord: 'No record found',
};

/** A 1×1 PNG, as a website sends a passport image. */
const PASSPORT_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The smallest file the server's magic-byte check accepts as a PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const section = (page: Page, title: string): Locator => page.getByRole('region', { name: title, exact: true });
/** A toast (react-toastify), not the same words elsewhere on the page (Activity says "Rejection mail sent" too). */
const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text });
const sidePanel = (page: Page) => page.getByRole('complementary', { name: 'Add Comment Below' });
const sidebarLink = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: new RegExp(`^${label}`) });

async function sidebarCount(page: Page, label: string): Promise<number> {
  return Number(await sidebarLink(page, label).locator('.sidebar-badge').innerText());
}

async function confirm(page: Page, text: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
}

test('a Team member works an order from the queue to Completed: remark, upload, email content, rejection, move', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const [orderId] = await ingestOrders(request, makeOrders(tag, 1));
  const id = orderId as string;
  await signIn(page, DEMO.team);

  // Open it from the New Orders queue.
  await sidebarLink(page, 'New Orders').click();
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(tag);
  // Wait for the search to land (500 ms debounce), so the click is on the settled list.
  await expect(page.getByTestId('queue-range')).toHaveText(/of 1$/);
  const row = page.getByRole('row').filter({ hasText: id });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/view-order/${orderRef(id)}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(id);
  await expect(page).toHaveTitle(new RegExp(id));

  // SPEC §2: no mail yet, so no Email History; nothing to reject. SPEC §4 and §6: the moves a Team
  // member has from New (no Delete, no Customer Called).
  await expect(section(page, 'Email History')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reject Applicant' })).toHaveCount(0);
  const moves = sidePanel(page);
  await expect(moves.getByRole('button', { name: 'Move to Awaiting Govt' })).toBeVisible();
  await expect(moves.getByRole('button', { name: 'Completed Orders' })).toBeVisible();
  await expect(moves.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(moves.getByRole('button', { name: 'Move to Customer Called' })).toHaveCount(0);
  await expect(section(page, 'Download History')).toContainText(TEXT.noRecord);
  await expect(section(page, 'Comment History')).toContainText(TEXT.noRecord);
  // SPEC §4: the defence buttons wait for Completed, Customer Called or ChargeBack.
  await expect(page.getByTestId('defence-pack-1')).toBeDisabled();
  await expect(page.getByTestId('transaction-details')).toBeDisabled();

  // Add a remark (required), with one flag ticked.
  await moves.getByRole('button', { name: 'Save Comment' }).click();
  await expect(moves.getByText(TEXT.remarkRequired)).toBeVisible();
  const remark = `Called the applicant about ${tag}`;
  await moves.getByLabel('Remark').fill(remark);
  await moves.getByLabel('Whatsapp').check();
  await moves.getByRole('button', { name: 'Save Comment' }).click();
  await expect(toast(page, TEXT.remarkAdded)).toBeVisible();
  const comment = section(page, 'Comment History').getByRole('row').filter({ hasText: remark });
  await expect(comment).toHaveCount(1);
  await expect(comment.getByRole('cell')).toHaveText([/\d{2}-\d{2}-\d{4}/, /.+/, remark, 'Y', 'N', 'N', 'N', 'N', 'N']);
  await expect(moves.getByLabel('Remark')).toHaveValue('');

  // Upload a PDF: the file is required; then Email History and Activity show it.
  const upload = section(page, 'Upload Document');
  await expect(upload.getByLabel('Order Id', { exact: true })).toHaveAttribute('readonly', '');
  await expect(upload.getByLabel('Order Id', { exact: true })).toHaveValue(id);
  await expect(upload.getByLabel('Email', { exact: true })).toHaveValue(`${tag.toLowerCase()}.01@example.test`);
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(upload.getByText(TEXT.fileRequired)).toBeVisible();
  await upload
    .getByLabel('Document', { exact: true })
    .setInputFiles({ name: 'eta.pdf', mimeType: 'application/pdf', buffer: PDF });
  // The named button sets the provider and sends with it (SPEC §4).
  await upload.getByRole('button', { name: 'Upload with another provider' }).click();
  await page.getByRole('button', { name: 'Upload via Email Delivery' }).click();
  await expect(toast(page, TEXT.uploaded)).toBeVisible();
  await expect(upload.getByRole('radio', { name: /Email Delivery/ })).toBeChecked();
  const mails = section(page, 'Email History');
  const approval = mails.getByRole('row').filter({ hasText: 'Approval' });
  await expect(approval).toHaveCount(1);
  await expect(approval).toContainText('Email Delivery');
  await expect(approval.getByRole('button', { name: 'Download' })).toBeVisible();
  // The worker writes the mail as an .eml file (no SMTP URL): it counts as sent, shown without a reload.
  await expect(approval).toContainText('Sent', { timeout: 20_000 });
  const activity = section(page, 'Activity');
  await expect(activity).toContainText('Document uploaded');
  await expect(activity).toContainText('Approval mail queued');
  await expect(activity).toContainText('Comment added');

  // View Email Content: the approval mail, rendered in a sandboxed frame, with its plain text.
  await page.getByRole('button', { name: 'View Email Content' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email Content' });
  await expect(dialog.getByTestId('email-subject')).not.toBeEmpty();
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame.contentFrame().getByText(id).first()).toBeVisible();
  await expect(frame.contentFrame().getByRole('link', { name: 'Click here' })).toBeVisible();
  await dialog.getByRole('tab', { name: 'Plain text' }).click();
  await expect(dialog.locator('pre')).toContainText(id);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  // Reject the document: 'Rejected' replaces the download link and Reject Applicant goes.
  await upload.getByRole('button', { name: 'Reject Applicant' }).click();
  await confirm(page, TEXT.confirmReject);
  await expect(toast(page, TEXT.rejectionSent)).toBeVisible();
  await expect(approval.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(approval.getByRole('button', { name: 'Download' })).toHaveCount(0);
  await expect(upload.getByRole('button', { name: 'Reject Applicant' })).toHaveCount(0);
  await expect(mails.getByRole('row').filter({ hasText: 'Rejection' })).toHaveCount(1);
  await expect(activity).toContainText('Document rejected');

  // Move to Completed: the Completed count rises, the button goes and the defence buttons wake.
  const completedBefore = await sidebarCount(page, 'Completed Orders');
  await moves.getByRole('button', { name: 'Completed Orders' }).click();
  // the document was rejected, so there is no approved eTA: the confirmation warns of that (DESIGN §23)
  await expect(page.getByRole('dialog')).toContainText('The customer gets nothing to download');
  await confirm(page, 'This order has no approved eTA. Complete it anyway?');
  await expect(toast(page, TEXT.movedToCompleted)).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Completed');
  await expect(moves.getByRole('button', { name: 'Completed Orders' })).toHaveCount(0);
  await expect(moves.getByRole('button', { name: 'Move to Awaiting Govt' })).toHaveCount(0);
  await expect.poll(() => sidebarCount(page, 'Completed Orders')).toBe(completedBefore + 1);
  await expect(page.getByTestId('defence-pack-1')).toBeEnabled();
  await expect(activity).toContainText('Status changed');
});

test('the passport is fetched only on "Show passport", and that one view is one access-log row (DESIGN §22)', async ({
  page,
  request,
  baseURL,
}) => {
  const [orderId] = await ingestOrders(request, makeOrders(uniqueTag(), 1, { passport_image: PASSPORT_PNG }));
  const id = orderId as string;
  const imageRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/admin/order-image/')) imageRequests.push(r.url());
  });
  const admin = await apiAs(baseURL as string, DEMO.admin);
  const imageReads = async () => {
    const res = await admin.get(`/api/admin/access-log?orderId=${encodeURIComponent(id)}&action=image`);
    expect(res.status()).toBe(200);
    return (await res.json()).data as { detail: string; member_name: string }[];
  };

  await signIn(page, DEMO.team);
  await page.goto(`/admin/view-order/${orderRef(id)}`);
  const images = section(page, 'Applicant And Passport Image');
  const show = images.getByRole('button', { name: 'Show passport' });
  await expect(show).toBeVisible();
  // the order was read (a detail row), its passport was not
  await expect
    .poll(async () => (await admin.get(`/api/admin/access-log?orderId=${encodeURIComponent(id)}`)).json())
    .toMatchObject({ total: 1, data: [{ action: 'detail' }] });
  expect(imageRequests).toEqual([]);
  expect(await imageReads()).toEqual([]);
  // this order came without a selfie: nothing to show there
  await expect(images.getByRole('button', { name: 'Show selfie' })).toHaveCount(0);

  await show.click();
  await expect(images.getByRole('img', { name: /^Passport of / })).toBeVisible();
  await expect(show).toHaveCount(0);
  expect(imageRequests).toHaveLength(1);
  expect(await imageReads()).toEqual([expect.objectContaining({ detail: 'passport', member_name: 'Tara Team' })]);
  await admin.dispose();
});

test('a link that names no order says so', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/admin/view-order/not*a*ref');
  await expect(page.getByTestId('order-not-found')).toContainText('Order not found');
  await page.goto(`/admin/view-order/${orderRef('UKETA-NO-SUCH-ORDER')}`);
  await expect(page.getByTestId('order-not-found')).toContainText('Order not found');
});

test('an order link opened while signed out lands on that order once signed in', async ({ page, request }) => {
  const [orderId] = await ingestOrders(request, makeOrders(uniqueTag(), 1));
  const id = orderId as string;
  await page.goto(`/admin/view-order/${orderRef(id)}`);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email ID').fill(DEMO.team);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/view-order/${orderRef(id)}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(id);
});

test('on a 1280×800 laptop the upload form stays in reach however many mails the order has had', async ({
  page,
  request,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const [orderId] = await ingestOrders(request, makeOrders(uniqueTag(), 1));
  const id = orderId as string;
  const staff = await apiAs(baseURL as string, DEMO.team);
  const upload = await staff.post('/api/admin/upload-visa-document', {
    multipart: {
      orderId: id,
      email: 'a@example.test',
      uploadVisaDoc: { name: 'eta.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  for (let i = 0; i < 9; i += 1) {
    const resent = await staff.post('/api/admin/resend-mail', { data: { orderId: id, email: `a${i}@example.test` } });
    expect(resent.status(), await resent.text()).toBe(200);
  }
  await staff.dispose();

  await signIn(page, DEMO.team);
  await page.goto(`/admin/view-order/${orderRef(id)}`);
  await expect(page.getByTestId('email-history').locator('tbody tr')).toHaveCount(10);
  const form = section(page, 'Upload Document');
  const button = form.getByRole('button', { name: 'Upload', exact: true });
  const box = await button.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(800);
  // the newest mail is at the top of the box, the oldest a scroll away
  await expect(page.getByTestId('email-history').locator('tbody tr').first()).toContainText('a8@example.test');
});
