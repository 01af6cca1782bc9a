import { expect, type Page } from '@playwright/test';

/** What the queue specs share: SPEC texts, the table's parts, and the steps of working a queue. */

/** SPEC §2 and §8 texts, written out here so a typo in the app's constants fails the test. */
export const TEXT = {
  confirmAssign: 'Are you sure want to assigned orders.',
  confirmUnassign: 'Are you sure want to move orders to new orders.',
  confirmDelete: 'Are you sure you want to delete?',
  assigned: 'Order has been assigned successfully',
  deleted: 'Order has been deleted successfully',
  refunded: 'Order has been marked as refunded successfully',
  confirmRefund: 'Mark the selected orders as refunded? Each applicant will get a refund mail.',
  noRecords: 'No records found',
  noData: 'No data available in table',
};

export const bodyRows = (page: Page) => page.locator('table.queue-table tbody tr');
export const row = (page: Page, orderId: string) => page.getByRole('row').filter({ hasText: orderId });
export const range = (page: Page) => page.getByTestId('queue-range');
export const sidebarLink = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: new RegExp(`^${label}`) });

export async function openQueue(page: Page, label: string, title = label): Promise<void> {
  await sidebarLink(page, label).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** Types into the search box; the list follows once the 500 ms debounce has passed. */
export async function search(page: Page, text: string, expectedTotal?: number): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(text);
  if (expectedTotal !== undefined) await expect(range(page)).toHaveText(new RegExp(`of ${expectedTotal}$`));
}

export async function confirm(page: Page, text: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
}
