import { expect, type Page, test } from '@playwright/test';
import { apiAs, DEMO, signIn, uniqueEmail } from '../fixtures.ts';
import { ingestOrders, makeOrders, orderRef, uniqueTag } from '../orders.ts';

/** The smallest file the server's magic-byte check accepts as a PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const sidebarLink = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: new RegExp(`^${label}`) });

/**
 * DESIGN §23 "Approve in one step": from Next order to the next order in at most three actions
 * (Next order, choose the file, Upload & complete), each counted as the member makes it.
 */
test('a member approves an order and is on the next one in three actions', async ({ page, request, baseURL }) => {
  // set-up (a member, two orders) and three screens: more than the default on a busy machine
  test.slow();
  // Two orders older than every demo order of Process 5th March: Next order hands over these two, in turn.
  const tag = uniqueTag();
  const [first, second] = await ingestOrders(
    request,
    makeOrders(tag, 2).map((order, i) => ({
      ...order,
      process_status: 'moveToProcessMarch',
      created_at: `2000-01-0${i + 1}T09:00:00.000Z`,
    })),
  );
  const email = uniqueEmail('ava');
  const admin = await apiAs(baseURL as string, DEMO.admin);
  const added = await admin.post('/api/admin/add-team-member', {
    data: { name: 'Ava Approver', email, password: 'ava-pass-1', type: 'Team' },
  });
  expect(added.status()).toBe(201);
  await signIn(page, email, 'ava-pass-1');
  await sidebarLink(page, 'Process 5th March').click();
  await expect(page.getByRole('heading', { name: 'Process 5th March Orders' })).toBeVisible();

  let actions = 0;
  const act = async (action: () => Promise<unknown>) => {
    actions += 1;
    await action();
  };

  // 1. Next order: the oldest free order of the folder opens.
  await act(() => page.getByRole('button', { name: 'Next order', exact: true }).click());
  await expect(page).toHaveURL(new RegExp(`/admin/view-order/${orderRef(first as string)}$`));
  const upload = page.getByRole('region', { name: 'Upload Document', exact: true });
  // 2. Choose the eTA file.
  await act(() =>
    upload.getByLabel('Document').setInputFiles({ name: 'eta.pdf', mimeType: 'application/pdf', buffer: PDF }),
  );
  // 3. Upload & complete: uploaded, mailed, completed, and the next order opens.
  await act(() => upload.getByRole('button', { name: 'Upload & complete' }).click());
  await expect(page).toHaveURL(new RegExp(`/admin/view-order/${orderRef(second as string)}$`));
  expect(actions).toBeLessThanOrEqual(3);

  // The next order is the member's, its status in words (never the raw `moveToProcessMarch`) …
  await expect(page.getByTestId('order-status')).toHaveText('Process 5th March');
  const activity = page.getByTestId('activity');
  await expect(activity).toContainText('Order received as Process 5th March');
  await expect(activity).not.toContainText('moveToProcessMarch');
  // … and the first is Completed with its document, processed by the member.
  const detail = await (await admin.get(`/api/admin/get-orders-details/${first}`)).json();
  expect(detail.data.process_status).toBe('Completed');
  expect(detail.data.uploadDoc).toHaveLength(1);
  await admin.dispose();
});
