import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { apiAs, DEMO, signIn, uniqueEmail } from '../fixtures.ts';
import { ingestOrders, makeOrders, uniqueTag } from '../orders.ts';

/** SPEC §2 and §8 texts, written out here so a typo in the app's constants fails the test. */
const TEXT = {
  countryLoaded: 'Country order count fetched successfully',
  processedLoaded: 'Processed order count fetched successfully',
  noRecords: 'No records found',
  forbidden: 'You do not have permission to do this.',
};
const COUNTRY_HEADER = ['S. No', 'Country/Nationality', 'Order Count', 'Standard Processing', 'Priority Processing'];

const toast = (page: Page) => page.locator('.Toastify__toast');
const bodyRows = (page: Page) => page.locator('table.report-table tbody tr');

/** Every cell of the table body, as shown. */
async function tableCells(page: Page): Promise<string[][]> {
  return bodyRows(page).evaluateAll((rows) =>
    rows.map((row) => [...row.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())),
  );
}

/** A small RFC 4180 reader: enough for what the export writes (quotes, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    const next = text[i + 1];
    if (quoted && c === '"' && next === '"') {
      cell += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && next === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i += 1;
    } else {
      cell += c;
    }
  }
  return rows;
}

async function exportCsv(page: Page): Promise<{ name: string; rows: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const text = await readFile((await download.path()) as string, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return { name: download.suggestedFilename(), rows: parseCsv(text.slice(1)) };
}

async function submitRange(page: Page, from: string, to: string, loaded: string): Promise<void> {
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByLabel('To', { exact: true }).fill(to);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page).filter({ hasText: loaded }).last()).toBeVisible();
}

test('a Manager filters the country report by dates, searches it and exports exactly the table', async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const alpha = `Alpha ${tag}`;
  const beta = `Beta, ${tag}`;
  // March 1999, whole UTC days: the first and last millisecond in, one millisecond either side out.
  const seeds: [string, string | undefined, 'standard' | 'priority'][] = [
    ['1999-03-01T00:00:00.000Z', alpha, 'standard'],
    ['1999-03-15T12:00:00.000Z', alpha, 'standard'],
    ['1999-03-31T23:59:59.999Z', alpha, 'priority'],
    ['1999-03-20T08:00:00.000Z', beta, 'priority'],
    ['1999-03-21T08:00:00.000Z', undefined, 'standard'],
    ['1999-02-28T23:59:59.999Z', beta, 'standard'],
    ['1999-04-01T00:00:00.000Z', beta, 'standard'],
  ];
  await ingestOrders(
    request,
    makeOrders(tag, seeds.length).map((order, i) => {
      const [created_at, nationality, processing_type] = seeds[i] as (typeof seeds)[number];
      return { ...order, created_at, nationality, processing_type };
    }),
  );

  await signIn(page, DEMO.manager);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Country Order List' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Country Order Details' })).toBeVisible();
  // SPEC §8: the report on load says so in a success toast.
  await expect(toast(page).filter({ hasText: TEXT.countryLoaded }).first()).toBeVisible();

  await submitRange(page, '1999-03-01', '1999-03-31', TEXT.countryLoaded);
  await expect(page).toHaveURL(/from=1999-03-01&to=1999-03-31/);
  const march = [
    ['1', alpha, '3', '2', '1'],
    ['2', beta, '1', '0', '1'],
    ['3', '-', '1', '1', '0'],
  ];
  await expect.poll(() => tableCells(page)).toEqual(march);

  // The export holds every row of the table, as shown, under the table's headings.
  const whole = await exportCsv(page);
  expect(whole.name).toBe('country-orders_1999-03-01_1999-03-31.csv');
  expect(whole.rows).toEqual([COUNTRY_HEADER, ...march]);

  // Search narrows the rows (case-insensitive, after the debounce); S. No counts what is shown.
  const search = page.getByRole('searchbox', { name: 'Search countries' });
  await search.fill(`beta, ${tag.toLowerCase()}`);
  await expect.poll(() => tableCells(page)).toEqual([['1', beta, '1', '0', '1']]);
  expect((await exportCsv(page)).rows).toEqual([COUNTRY_HEADER, ['1', beta, '1', '0', '1']]);
  await search.fill('');
  await expect.poll(() => tableCells(page)).toEqual(march);

  // Sorting by name puts the missing nationality last; the export follows the order shown.
  await page.getByRole('button', { name: 'Country/Nationality' }).click();
  const byName = [
    ['1', alpha, '3', '2', '1'],
    ['2', beta, '1', '0', '1'],
    ['3', '-', '1', '1', '0'],
  ];
  await expect.poll(() => tableCells(page)).toEqual(byName);
  await page.getByRole('button', { name: 'Country/Nationality' }).click();
  const byNameDesc = [
    ['1', beta, '1', '0', '1'],
    ['2', alpha, '3', '2', '1'],
    ['3', '-', '1', '1', '0'],
  ];
  await expect.poll(() => tableCells(page)).toEqual(byNameDesc);
  expect((await exportCsv(page)).rows).toEqual([COUNTRY_HEADER, ...byNameDesc]);

  // One day at the edge, and an empty range.
  await submitRange(page, '1999-04-01', '1999-04-01', TEXT.countryLoaded);
  await expect.poll(() => tableCells(page)).toEqual([['1', beta, '1', '1', '0']]);
  await submitRange(page, '1998-01-01', '1998-01-31', TEXT.countryLoaded);
  await expect(bodyRows(page)).toHaveText([TEXT.noRecords]);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

  // From after To is caught before anything is sent.
  await page.getByLabel('From', { exact: true }).fill('1999-03-31');
  await page.getByLabel('To', { exact: true }).fill('1999-03-01');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('From date must be on or before To date.')).toBeVisible();
});

test('Processed By: a Manager sees who processed orders today; a Team member is refused', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const tag = uniqueTag();
  const name = `Rita ${tag}`;
  const email = uniqueEmail('rita');
  const manager = await apiAs(baseURL as string, DEMO.manager);
  const added = await manager.post('/api/admin/add-team-member', {
    data: { name, email, password: 'rita-pass-1', type: 'Team' },
  });
  expect(added.status()).toBe(201);
  await manager.dispose();
  // Rita completes two orders: she processed them (DESIGN §6).
  const ids = await ingestOrders(request, makeOrders(tag, 2));
  const rita = await apiAs(baseURL as string, email, 'rita-pass-1');
  for (const orderId of ids) {
    const res = await rita.put('/api/admin/move-order-status', { data: { orderId, updatingStatus: 'Completed' } });
    expect(res.status()).toBe(200);
  }
  await rita.dispose();
  const today = new Date().toISOString().slice(0, 10);

  await signIn(page, DEMO.manager);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Order Processed' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Processed By' })).toBeVisible();
  await expect(toast(page).filter({ hasText: TEXT.processedLoaded }).first()).toBeVisible();
  await submitRange(page, today, today, TEXT.processedLoaded);
  await page.getByRole('searchbox', { name: 'Search names' }).fill(tag.toLowerCase());
  // Completed with no document sent: processed, but the service level not met (DESIGN §18).
  await expect.poll(() => tableCells(page)).toEqual([['1', name, '2', '0']]);
  const csv = await exportCsv(page);
  expect(csv.name).toBe(`processed-by_${today}_${today}.csv`);
  expect(csv.rows).toEqual([
    ['S. No', 'Name', 'Order Count', 'SLA Met %'],
    ['1', name, '2', '0'],
  ]);

  // Processed By is for Admin and Manager (SPEC §6): hidden from a Team member and refused by URL.
  const teamContext = await browser.newContext({ baseURL });
  const teamPage = await teamContext.newPage();
  await signIn(teamPage, DEMO.team);
  await expect(
    teamPage.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Order Processed' }),
  ).toHaveCount(0);
  await teamPage.goto('/admin/processed-order');
  await expect(teamPage.getByText(TEXT.forbidden)).toBeVisible();
  await teamContext.close();
});

test('a report screen whose session has ended says so once and returns to sign-in', async ({ page, baseURL }) => {
  const email = uniqueEmail('rex');
  const admin = await apiAs(baseURL as string, DEMO.admin);
  const added = await admin.post('/api/admin/add-team-member', {
    data: { name: 'Rex Report', email, password: 'rex-pass-1', type: 'Manager' },
  });
  expect(added.status()).toBe(201);
  await admin.dispose();
  // Without the live stream: it would notice the ended session first (live.spec.ts covers that), and
  // its open request would keep the network from ever going idle.
  await page.route('**/api/admin/live', (route) => route.abort());
  await signIn(page, email, 'rex-pass-1');
  // The report is opened while the session holds, and the session ends while the member reads it:
  // then the report's next request is the only one in flight, the first refused. (Ending it on the
  // dashboard raced the dashboard's own later requests, which could sign the member out before the
  // click on the sidebar link.)
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Country Order List' }).click();
  await expect(toast(page).filter({ hasText: TEXT.countryLoaded }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  // The member changes the password elsewhere: every earlier session ends (docs/api/auth.md).
  const elsewhere = await apiAs(baseURL as string, email, 'rex-pass-1');
  const changed = await elsewhere.post('/api/admin/change-password', { data: { newPassword: 'rex-pass-2' } });
  expect(changed.status()).toBe(200);
  await elsewhere.dispose();

  await page.getByLabel('From', { exact: true }).fill('1999-03-01');
  await page.getByLabel('To', { exact: true }).fill('1999-03-31');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/$/);
  const errors = page.locator('.Toastify__toast--error');
  await expect(errors.filter({ hasText: 'Your session has expired. Please sign in again.' })).toHaveCount(1);
  // The report's own request, cut short by the sign-out, adds no second error (it used to say the
  // server could not be reached). It would follow within the same turn; half a second is ample.
  await page.waitForTimeout(500);
  await expect(errors).toHaveCount(1);
});
