import { z } from 'zod';
import { dayBound, REPORT_MSG } from './reports.ts';

/**
 * The order trend of DESIGN §21 (`POST /admin/get-order-trend`): orders per day, week or month,
 * from the same day tallies as the country report, every period present (zeros included), UTC.
 * The periods are worked out here, once, for the server's answer and the screens' axes alike.
 */
export const TREND_GROUPS = ['day', 'week', 'month'] as const;
export type TrendGroup = (typeof TREND_GROUPS)[number];

/** The range when the request names none: the last 30 days, today included. */
export const TREND_DEFAULT_DAYS = 30;
/** Longest answer: a range that would hold more periods asks for a longer period instead. */
export const TREND_MAX_PERIODS = 1000;

export const TREND_MSG = {
  listed: 'Order trend fetched successfully',
  groupBy: 'Group by must be day, week or month.',
  tooLong: `The range holds more than ${TREND_MAX_PERIODS} periods: choose a shorter range or group by week or month.`,
} as const;

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** The period a day falls in: the day itself; the Monday that starts its ISO week; `YYYY-MM`. */
export function periodOf(day: string, groupBy: TrendGroup): string {
  if (groupBy === 'day') return day;
  if (groupBy === 'month') return day.slice(0, 7);
  const ms = msOf(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return dayOf(ms - weekday * DAY_MS);
}

/** Every period from the one holding `from` to the one holding `to`, in order (both days included). */
export function trendPeriods(from: string, to: string, groupBy: TrendGroup): string[] {
  const periods: string[] = [];
  const step = groupBy === 'week' ? 7 : 1;
  let ms = msOf(groupBy === 'month' ? `${from.slice(0, 7)}-01` : periodOf(from, groupBy));
  const end = msOf(to);
  while (ms <= end) {
    const day = dayOf(ms);
    periods.push(periodOf(day, groupBy));
    if (groupBy === 'month') {
      const d = new Date(ms);
      ms = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    } else ms += step * DAY_MS;
    if (periods.length > TREND_MAX_PERIODS) break;
  }
  return periods;
}

/** The days a trend covers: as asked, or ending today, or the last TREND_DEFAULT_DAYS days. */
export function trendDays(range: { fromDate: string | null; toDate: string | null }, now: number) {
  const to = range.toDate ?? dayOf(now);
  const from = range.fromDate ?? dayOf(msOf(to) - (TREND_DEFAULT_DAYS - 1) * DAY_MS);
  return { from, to };
}

/** `{ fromDate?, toDate?, groupBy? }`: whole UTC days, `day` when groupBy is left out. */
const trendRangeSchema = z
  .strictObject({
    fromDate: dayBound(REPORT_MSG.fromDate),
    toDate: dayBound(REPORT_MSG.toDate),
    groupBy: z.enum(TREND_GROUPS, { error: TREND_MSG.groupBy }).optional().default('day'),
  })
  .refine((r) => r.fromDate === null || r.toDate === null || r.fromDate <= r.toDate, {
    path: ['fromDate'],
    error: REPORT_MSG.rangeOrder,
  });
export type TrendRequest = z.output<typeof trendRangeSchema>;
export type TrendRequestInput = z.input<typeof trendRangeSchema>;

/** The request body, or none at all (as the reports take none): then the last 30 days by day. */
export const trendRequestSchema = trendRangeSchema
  .nullish()
  .transform((r): TrendRequest => r ?? { fromDate: null, toDate: null, groupBy: 'day' });

/** One period of the trend: orders created in it (standard and priority), and orders processed in it. */
export const trendRowSchema = z.strictObject({
  period: z.string().describe('YYYY-MM-DD for a day, the Monday of an ISO week, YYYY-MM for a month'),
  count: z.number().int().min(0),
  standard_count: z.number().int().min(0),
  priority_count: z.number().int().min(0),
  completed_count: z.number().int().min(0).describe('orders processed in the period (the processed-by tally)'),
});
export type TrendRow = z.infer<typeof trendRowSchema>;
