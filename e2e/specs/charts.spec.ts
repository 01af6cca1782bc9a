import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { apiAs, DEMO, signIn, uniqueEmail } from '../fixtures.ts';
import { ingestOrders, makeOrders, uniqueTag } from '../orders.ts';

/**
 * DESIGN §21: each chart lists its numbers in a table beside it; these tests read that table (as a
 * screen-reader user would, after "Show as table") and compare it with the API's own answer.
 */
type TrendRow = { period: string; standard_count: number; priority_count: number; count: number };
type CountryRow = { nationality: string | null; count: number; standard_count: number; priority_count: number };
type ProcessedRow = { processed_by: string; count: number };

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = () => isoDay(Date.now());

async function post<T>(api: APIRequestContext, path: string, data: object): Promise<T[]> {
  const res = await api.post(path, { data });
  expect(res.status()).toBe(200);
  return (await res.json()).data as T[];
}

/** Opens a chart's table and reads it: each row's heading and its numbers. */
async function chartTable(chart: Locator): Promise<{ head: string[]; rows: (string | number)[][] }> {
  const toggle = chart.getByRole('button', { name: 'Show as table' });
  if (await toggle.isVisible()) await toggle.click();
  const table = chart.getByRole('table');
  await expect(table).toBeVisible();
  const head = await table.locator('thead th').allTextContents();
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [
        (tr.querySelector('th')?.textContent ?? '').trim(),
        ...[...tr.querySelectorAll('td')].map((td) => Number(td.textContent)),
      ]),
    );
  return { head, rows };
}

/** The chart's canvas is an image with a spoken summary (role img, aria-label). */
async function expectDrawn(chart: Locator, title: string): Promise<void> {
  const canvas = chart.locator('canvas');
  await expect(canvas).toHaveAttribute('role', 'img');
  await expect(canvas).toHaveAttribute('aria-label', new RegExp(`^${title}: `));
}

/** The order the charts draw bars in: most orders first, ties by name. */
const byCountThenName =
  <Row extends { count: number }>(name: (row: Row) => string) =>
  (a: Row, b: Row) =>
    b.count - a.count || name(a).localeCompare(name(b));

test('the dashboard charts orders per day, week and month with the API numbers', async ({ page, request, baseURL }) => {
  const tag = uniqueTag();
  // Today: two standard orders and one priority one, so the last bar is known to hold at least them.
  const kinds = ['standard', 'standard', 'priority'] as const;
  await ingestOrders(
    request,
    makeOrders(tag, kinds.length).map((order, i) => ({
      ...order,
      created_at: new Date().toISOString(),
      processing_type: kinds[i],
    })),
  );
  const api = await apiAs(baseURL as string, DEMO.team);
  const now = Date.now();
  const monday = now - ((new Date(now).getUTCDay() + 6) % 7) * DAY_MS;
  const first = new Date(now);
  const bodies = {
    Day: { groupBy: 'day' },
    Week: { groupBy: 'week', fromDate: isoDay(monday - 11 * 7 * DAY_MS) },
    Month: {
      groupBy: 'month',
      fromDate: isoDay(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() - 11, 1)),
    },
  };
  const titles = {
    Day: 'Orders per day, last 30 days',
    Week: 'Orders per week, last 12 weeks',
    Month: 'Orders per month, last 12 months',
  };

  await signIn(page, DEMO.team);
  const chart = page.getByTestId('order-trend');
  for (const group of ['Day', 'Week', 'Month'] as const) {
    await page.getByRole('group', { name: 'Group orders by' }).getByRole('button', { name: group }).click();
    await expect(chart.getByRole('button', { name: group })).toHaveAttribute('aria-pressed', 'true');
    await expect(chart.locator('figcaption')).toHaveText(titles[group]);
    await expectDrawn(chart, titles[group]);
    const answer = await post<TrendRow>(api, '/api/admin/get-order-trend', bodies[group]);
    expect(answer.length).toBe(group === 'Day' ? 30 : 12);
    const last = answer.at(-1) as TrendRow;
    expect(last.standard_count).toBeGreaterThanOrEqual(2);
    expect(last.priority_count).toBeGreaterThanOrEqual(1);
    const table = await chartTable(chart);
    expect(table.head.slice(1)).toEqual(['Standard Processing', 'Priority Processing', 'Total']);
    expect(table.rows.map((r) => r.slice(1))).toEqual(answer.map((r) => [r.standard_count, r.priority_count, r.count]));
  }
  // The day table names its days in full: the last is today.
  await page.getByRole('button', { name: 'Day', exact: true }).click();
  const days = await chartTable(chart);
  const [year, , dayOfMonth] = today().split('-');
  expect(String(days.rows.at(-1)?.[0])).toMatch(new RegExp(`\\b${Number(dayOfMonth)} \\w+ ${year}$`));
  await api.dispose();
});

test('Country Order List charts the top 10 nationalities of its range from the rows it loaded', async ({
  page,
  request,
  baseURL,
}) => {
  const tag = uniqueTag();
  // Eleven nationalities in May 1997 with 1 … 11 orders (every third one priority): the chart keeps ten.
  const orders = Array.from({ length: 11 }, (_, n) =>
    Array.from({ length: n + 1 }, (_, i) => ({
      nationality: `N${String(n + 1).padStart(2, '0')} ${tag}`,
      processing_type: i % 3 === 2 ? 'priority' : 'standard',
      created_at: `1997-05-${String(n + 1).padStart(2, '0')}T12:00:00.000Z`,
    })),
  ).flat();
  await ingestOrders(
    request,
    makeOrders(tag, orders.length).map((order, i) => ({ ...order, ...orders[i] })),
  );
  const api = await apiAs(baseURL as string, DEMO.manager);
  const answer = await post<CountryRow>(api, '/api/admin/get-country-order-count', {
    fromDate: '1997-05-01',
    toDate: '1997-05-31',
  });
  await api.dispose();
  expect(answer).toHaveLength(11);

  await signIn(page, DEMO.manager);
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/admin/get-country-order-count')) requests.push(r.url());
  });
  await page.goto('/admin/country-order-list?from=1997-05-01&to=1997-05-31');
  const chart = page.getByTestId('country-chart');
  await expectDrawn(chart, 'Top 10 nationalities by orders');
  const name = (r: CountryRow) => r.nationality ?? '-';
  const top = [...answer].sort(byCountThenName(name)).slice(0, 10);
  const table = await chartTable(chart);
  expect(table.head).toEqual(['Country/Nationality', 'Standard Processing', 'Priority Processing', 'Total']);
  expect(table.rows).toEqual(top.map((r) => [name(r), r.standard_count, r.priority_count, r.count]));
  // The fixture, written out: N11 leads with 11 (8 standard, 3 priority); N01, with one order, is left out.
  expect(table.rows[0]).toEqual([`N11 ${tag}`, 8, 3, 11]);
  expect(table.rows.map((r) => r[0])).not.toContain(`N01 ${tag}`);
  // One call for the table and the chart alike.
  expect(requests).toHaveLength(1);
});

test('Order Processed charts orders per member for its range', async ({ page, request, baseURL }) => {
  const tag = uniqueTag();
  const name = `Chartie ${tag}`;
  const email = uniqueEmail('chartie');
  const manager = await apiAs(baseURL as string, DEMO.manager);
  const added = await manager.post('/api/admin/add-team-member', {
    data: { name, email, password: 'chartie-pass-1', type: 'Team' },
  });
  expect(added.status()).toBe(201);
  // She completes three orders today: she processed them (DESIGN §6).
  const ids = await ingestOrders(request, makeOrders(tag, 3));
  const member = await apiAs(baseURL as string, email, 'chartie-pass-1');
  for (const orderId of ids) {
    const res = await member.put('/api/admin/move-order-status', { data: { orderId, updatingStatus: 'Completed' } });
    expect(res.status()).toBe(200);
  }
  await member.dispose();
  const day = today();
  const answer = await post<ProcessedRow>(manager, '/api/admin/get-processed-by-count', {
    fromDate: day,
    toDate: day,
  });
  await manager.dispose();

  await signIn(page, DEMO.manager);
  await page.goto(`/admin/processed-order?from=${day}&to=${day}`);
  const chart = page.getByTestId('processed-chart');
  await expectDrawn(chart, 'Orders processed per member');
  const label = (r: ProcessedRow) => r.processed_by || '-';
  const table = await chartTable(chart);
  expect(table.head).toEqual(['Name', 'Order Count']);
  expect(table.rows).toEqual([...answer].sort(byCountThenName(label)).map((r) => [label(r), r.count]));
  expect(table.rows).toContainEqual([name, 3]);
});

test('a chart that has no rows is not drawn; the table says No records found', async ({ page }) => {
  await signIn(page, DEMO.manager);
  await page.goto('/admin/country-order-list?from=1990-01-01&to=1990-01-31');
  await expect(page.locator('table.report-table tbody tr')).toHaveText(['No records found']);
  await expect(page.getByTestId('country-chart')).toHaveCount(0);
});
