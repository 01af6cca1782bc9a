import { z } from 'zod';

/**
 * Reports (SPEC §2 Country Order Details and Processed By, §3 report rows, §7 calls): orders per
 * nationality over the days they were created, and orders per staff member over the days they were
 * processed. Ranges are whole UTC days, both ends included, either end open.
 */

/** SPEC §3 country report row. `nationality` is null when the order has none (shown as '-'). */
export const countryReportRowSchema = z.strictObject({
  nationality: z.string().nullable(),
  count: z.number().int(),
  standard_count: z.number().int(),
  priority_count: z.number().int(),
});
export type CountryReportRow = z.infer<typeof countryReportRowSchema>;

/**
 * SPEC §3 processed-by report row: the staff member's name and the orders they processed, with
 * DESIGN §18's share of those whose service level was met (service-levels.ts slaMetPercent: a whole
 * percent of the orders that had one; null when none had).
 */
export const processedByReportRowSchema = z.strictObject({
  processed_by: z.string(),
  count: z.number().int(),
  sla_met_percent: z.number().int().min(0).max(100).nullable(),
});
export type ProcessedByReportRow = z.infer<typeof processedByReportRowSchema>;

export const REPORT_MSG = {
  countryListed: 'Country order count fetched successfully',
  processedListed: 'Processed order count fetched successfully',
  fromDate: 'From date must be a real date written YYYY-MM-DD.',
  toDate: 'To date must be a real date written YYYY-MM-DD.',
  rangeOrder: 'From date must be on or before To date.',
} as const;

/** SPEC §2 column headings of the two report tables. */
export const REPORT_COLUMN = {
  serial: 'S. No',
  nationality: 'Country/Nationality',
  count: 'Order Count',
  standard: 'Standard Processing',
  priority: 'Priority Processing',
  name: 'Name',
  /** DESIGN §18 */
  slaMet: 'SLA Met %',
} as const;

/** SPEC §5: missing values show as '-' in the report tables (and so in their CSV export). */
export const MISSING_VALUE = '-';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date `YYYY-MM-DD` that exists (no 2026-02-30), years 0001 to 9999. */
export function isIsoDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Blank, null or absent: no bound on that side (a browser's empty date input sends ''). */
export const dayBound = (message: string) =>
  z
    .union([z.string({ error: message }), z.null()], { error: message })
    .optional()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
    .refine((v) => v === null || isIsoDay(v), { error: message });

/** POST /admin/get-country-order-count and /admin/get-processed-by-count: `{ fromDate?, toDate? }`. */
export const reportRangeSchema = z
  .strictObject({ fromDate: dayBound(REPORT_MSG.fromDate), toDate: dayBound(REPORT_MSG.toDate) })
  .refine((r) => r.fromDate === null || r.toDate === null || r.fromDate <= r.toDate, {
    path: ['fromDate'],
    error: REPORT_MSG.rangeOrder,
  });
/** The request body of both reports: SPEC §7 sends `{ fromDate?, toDate? }`, or nothing for the whole history. */
export const reportRequestSchema = reportRangeSchema
  .nullish()
  .transform((range): ReportRange => range ?? { fromDate: null, toDate: null });

export type ReportRangeInput = z.input<typeof reportRangeSchema>;
export type ReportRange = z.output<typeof reportRangeSchema>;

/** Rows as SPEC §2 lists them: most orders first, then by name (missing last) so ties never swap. */
export function compareReportRows(
  a: { name: string | null; count: number },
  b: { name: string | null; count: number },
) {
  if (a.count !== b.count) return b.count - a.count;
  if (a.name === null || b.name === null) return a.name === b.name ? 0 : a.name === null ? 1 : -1;
  const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
  if (x !== y) return x < y ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** SPEC §5: case-insensitive substring on one text column; blank restores every row. */
export function filterReportRows<T>(rows: readonly T[], text: string, key: (row: T) => string | null): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) => (key(row) ?? MISSING_VALUE).toLowerCase().includes(needle));
}

export type ReportKind = 'country-orders' | 'processed-by' | 'dispute-report';

/**
 * `country-orders_2026-11-01_2026-11-30.csv`. An open range says what it holds (issue 21: not
 * `_start_end`): no From is every order up to the end, `country-orders_all-to-2026-11-25.csv`, and no
 * To ends today (UTC, the reports' days).
 */
export function reportFileName(
  kind: ReportKind,
  range: { fromDate: string | null; toDate: string | null },
  today: string = new Date().toISOString().slice(0, 10),
) {
  const to = range.toDate ?? today;
  return range.fromDate ? `${kind}_${range.fromDate}_${to}.csv` : `${kind}_all-to-${to}.csv`;
}
