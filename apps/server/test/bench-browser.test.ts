import { describe, expect, it } from 'vitest';
import { BROWSER_LABELS, type BrowserFigure, browserPlan } from '../../../bench/src/browser.ts';
import type { LiveFigure } from '../../../bench/src/live.ts';
import { parseReport } from '../../../bench/src/previous.ts';
import {
  BROWSER_BUDGET,
  browserRows,
  type DbResult,
  failures,
  liveRow,
  type RunInfo,
} from '../../../bench/src/report.ts';

/** The browser figures of `npm run bench` (DESIGN §20): how many clicks, and how the report shows them. No timings. */
const figure = (key: BrowserFigure['key'], p95: number | null): BrowserFigure => ({
  key,
  label: BROWSER_LABELS[key],
  stats: p95 === null ? null : { p50: p95 / 2, p95, p99: p95 + 1, max: p95 + 20, count: 120 },
  ...(p95 === null ? { missing: 'Chromium did not start' } : {}),
});

/** Only what failures() reads of a database's result; the other figures pass. */
const PASSING_LIVE: LiveFigure = {
  streams: 100,
  stats: { p50: 40, p95: 60, p99: 70, max: 80, count: 990 },
  changes: 10,
  lost: 0,
};
const result = (browser: BrowserFigure[], live: LiveFigure | null = PASSING_LIVE) =>
  ({
    target: { dialect: 'sqlite' },
    latencies: [],
    retention: null,
    ratios: [],
    mixed: { requestsPerSecond: 5_000, errors: 0 },
    browser,
    live,
  }) as unknown as DbResult;
const info = { bundles: { admin: null, public: null } } as unknown as RunInfo;

describe('browser figures of the benchmark', () => {
  it('follows --samples within bounds: whole rounds of folders, a handful of order views', () => {
    expect(browserPlan(200, 15)).toEqual({ rounds: 8, views: 25 });
    expect(browserPlan(30, 15)).toEqual({ rounds: 3, views: 20 });
    expect(browserPlan(100_000, 15)).toEqual({ rounds: 8, views: 40 });
    expect(browserPlan(200, 14)).toEqual({ rounds: 8, views: 25 });
  });

  it('renders each figure with its budget and result, and counts a missed budget', () => {
    const rows = browserRows([figure('folder-click', 120), figure('order-view', 260)]);
    expect(rows.map((r) => [r.figure, r.budget, r.result])).toEqual([
      [BROWSER_LABELS['folder-click'], `p95 ≤ ${BROWSER_BUDGET['folder-click']} ms`, 'pass'],
      [BROWSER_LABELS['order-view'], `p95 ≤ ${BROWSER_BUDGET['order-view']} ms`, '**FAIL**'],
    ]);
    expect(rows[0]?.value).toBe('p50 60.0 · p95 120 · max 140 ms (120 clicks)');
    expect(failures([result([figure('folder-click', 120), figure('order-view', 260)])], info)).toEqual([
      `sqlite: ${BROWSER_LABELS['order-view']} p95 260 ms > 250 ms`,
    ]);
    expect(failures([result([figure('folder-click', 150), figure('order-view', 250)])], info)).toEqual([]);
  });

  it('counts a figure the run could not measure as missed', () => {
    const rows = browserRows([figure('folder-click', null)]);
    expect(rows[0]?.value).toBe('— (Chromium did not start)');
    expect(rows[0]?.result).toBe('not measured');
    expect(failures([result([figure('folder-click', null)])], info)).toEqual([
      `sqlite: ${BROWSER_LABELS['folder-click']} not measured`,
    ]);
  });

  it('is read back from a committed report, so the next run shows it beside its own', () => {
    const [row] = browserRows([figure('folder-click', 96.4)]);
    const markdown = [
      '## SQLite (SQLite 3.54.1)',
      '',
      '| figure | value | previous report | vs bare route | budget | result |',
      '|---|---|---|---|---|---|',
      `| ${row?.figure} | ${row?.value} | — |  | ${row?.budget} | ${row?.result} |`,
    ].join('\n');
    expect(parseReport(markdown).figure('SQLite', BROWSER_LABELS['folder-click'])).toBe('p95 96.4 ms');
  });

  it('holds the live stream to p95 500 ms with nothing lost, and counts a run without it as missed', () => {
    const passing = [figure('folder-click', 100), figure('order-view', 100)];
    expect(liveRow(PASSING_LIVE)).toMatchObject({ result: 'pass', budget: 'p95 ≤ 500 ms, none lost' });
    const slow = { ...PASSING_LIVE, stats: { ...(PASSING_LIVE.stats as NonNullable<LiveFigure['stats']>), p95: 501 } };
    expect(failures([result(passing, slow)], info)).toEqual(['sqlite: live p95 501 ms > 500 ms']);
    expect(failures([result(passing, { ...PASSING_LIVE, lost: 3 })], info)).toEqual([
      'sqlite: live stream lost 3 events',
    ]);
    expect(failures([result(passing, null)], info)).toEqual(['sqlite: live stream figure not measured']);
    expect(liveRow(null).result).toBe('not measured');
  });
});
