import {
  periodOf,
  REPORT_COLUMN,
  type REPORTS_API,
  TREND_DEFAULT_DAYS,
  type TrendGroup,
  type TrendRow,
} from '@eta/shared';
import type { ChartSpec } from '../../../components/chart/chartSpec.ts';
import type { BodyOf } from '../../../lib/endpoint.ts';

/**
 * The dashboard's order trend (DESIGN §21): standard and priority orders stacked per period. Each
 * grouping has its own window: the last 30 days by day (the server's default), the last 12 weeks
 * by week (this ISO week and 11 before), the last 12 months by month (this month and 11 before).
 */
export const TREND_WINDOWS: Record<TrendGroup, { button: string; title: string; heading: string }> = {
  day: { button: 'Day', title: `Orders per day, last ${TREND_DEFAULT_DAYS} days`, heading: 'Day' },
  week: { button: 'Week', title: 'Orders per week, last 12 weeks', heading: 'Week starting' },
  month: { button: 'Month', title: 'Orders per month, last 12 months', heading: 'Month' },
};
export const TREND_WINDOW_PERIODS = 12;

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The request for a grouping at `now`: the window's first day, the server's today as its end. */
export function trendBody(groupBy: TrendGroup, now: number): BodyOf<typeof REPORTS_API.orderTrend> {
  if (groupBy === 'day') return { groupBy };
  const today = new Date(now);
  if (groupBy === 'month') {
    const first = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (TREND_WINDOW_PERIODS - 1), 1);
    return { groupBy, fromDate: isoDay(first) };
  }
  const monday = Date.parse(`${periodOf(isoDay(now), 'week')}T00:00:00.000Z`);
  return { groupBy, fromDate: isoDay(monday - (TREND_WINDOW_PERIODS - 1) * 7 * DAY_MS) };
}

const format = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...options });
const SHORT_DAY = format({ day: 'numeric', month: 'short' });
const LONG_DAY = format({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const WEEK_DAY = format({ day: 'numeric', month: 'short', year: 'numeric' });
const SHORT_MONTH = format({ month: 'short', year: 'numeric' });
const LONG_MONTH = format({ month: 'long', year: 'numeric' });

/** A period as the axis shows it (short) and as the table and tooltip show it (in full). UTC throughout. */
export function periodLabels(period: string, groupBy: TrendGroup): { tick: string; full: string } {
  const date = new Date(groupBy === 'month' ? `${period}-01T00:00:00.000Z` : `${period}T00:00:00.000Z`);
  if (groupBy === 'month') return { tick: SHORT_MONTH.format(date), full: LONG_MONTH.format(date) };
  if (groupBy === 'week') return { tick: SHORT_DAY.format(date), full: WEEK_DAY.format(date) };
  return { tick: SHORT_DAY.format(date), full: LONG_DAY.format(date) };
}

/** The server's rows (every period, in order) as a stacked chart of standard and priority orders. */
export function trendChart(rows: readonly TrendRow[], groupBy: TrendGroup): ChartSpec {
  const labels = rows.map((row) => periodLabels(row.period, groupBy));
  return {
    title: TREND_WINDOWS[groupBy].title,
    categoryHeading: TREND_WINDOWS[groupBy].heading,
    ticks: labels.map((l) => l.tick),
    categories: labels.map((l) => l.full),
    series: [
      { label: REPORT_COLUMN.standard, values: rows.map((r) => r.standard_count) },
      { label: REPORT_COLUMN.priority, values: rows.map((r) => r.priority_count) },
    ],
    stacked: true,
    horizontal: false,
  };
}
