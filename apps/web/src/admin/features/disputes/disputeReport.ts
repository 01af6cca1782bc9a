import {
  type CsvCell,
  DISPUTE_REPORT_DIMENSIONS,
  type DisputeReportRow,
  disputeLabel,
  formatMoney,
  MISSING_VALUE,
  type ReportRange,
  reportFileName,
} from '@eta/shared';
import type { ChartSpec } from '../../../components/chart/chartSpec.ts';
import type { ReportColumn } from '../reports/index.ts';
import { DISPUTE_TEXT } from './texts.ts';

export type Dimension = (typeof DISPUTE_REPORT_DIMENSIONS)[number];
export const DIMENSIONS = DISPUTE_REPORT_DIMENSIONS;

export const DIMENSION_TITLE: Record<Dimension, string> = {
  processor: DISPUTE_TEXT.byProcessor,
  reason_category: DISPUTE_TEXT.byCategory,
};

const PERCENT = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });

/** 0.6667 → "66.7%"; null (nothing decided yet) → null, shown as '-'. */
export const winRateText = (rate: number | null): string | null => (rate === null ? null : PERCENT.format(rate));

/** The figures of a row after its name: the same on screen and in the CSV. */
const FIGURES: ReportColumn<DisputeReportRow>[] = [
  { id: 'currency', header: DISPUTE_TEXT.currency, value: (r) => r.currency },
  { id: 'opened', header: DISPUTE_TEXT.opened, value: (r) => r.opened, numeric: true },
  { id: 'won', header: DISPUTE_TEXT.won, value: (r) => r.won, numeric: true },
  { id: 'lost', header: DISPUTE_TEXT.lost, value: (r) => r.lost, numeric: true },
  { id: 'accepted', header: DISPUTE_TEXT.accepted, value: (r) => r.accepted, numeric: true },
  { id: 'open', header: DISPUTE_TEXT.open, value: (r) => r.open, numeric: true },
  { id: 'win_rate', header: DISPUTE_TEXT.winRate, value: (r) => winRateText(r.win_rate), numeric: true },
  {
    id: 'amount_won',
    header: DISPUTE_TEXT.amountWon,
    value: (r) => formatMoney(r.amount_won_minor, r.currency),
    numeric: true,
  },
  {
    id: 'amount_lost',
    header: DISPUTE_TEXT.amountLost,
    value: (r) => formatMoney(r.amount_lost_minor, r.currency),
    numeric: true,
  },
];

/** One table's columns: the processor or category, then its figures (a row per currency: amounts never add across). */
export function reportColumns(dimension: Dimension): ReportColumn<DisputeReportRow>[] {
  const header = dimension === 'processor' ? DISPUTE_TEXT.processor : DISPUTE_TEXT.category;
  return [{ id: 'key', header, value: (r) => disputeLabel(r.key) }, ...FIGURES];
}

export const rowsOf = (rows: readonly DisputeReportRow[], dimension: Dimension) =>
  rows.filter((row) => row.dimension === dimension);

/**
 * Win rate per processor over every currency (DESIGN §21): counts add across currencies, amounts do
 * not. Processors with nothing decided yet have no rate and no bar; the table still lists them.
 */
export function winRateChart(rows: readonly DisputeReportRow[]): ChartSpec {
  const decided = new Map<string, { won: number; decided: number }>();
  for (const row of rowsOf(rows, 'processor')) {
    const sum = decided.get(row.key) ?? { won: 0, decided: 0 };
    sum.won += row.won;
    sum.decided += row.won + row.lost + row.accepted;
    decided.set(row.key, sum);
  }
  const bars = [...decided]
    .filter(([, sum]) => sum.decided > 0)
    .map(([key, sum]) => ({ name: disputeLabel(key), rate: Math.round((sum.won / sum.decided) * 1000) / 10 }))
    .sort((a, b) => b.rate - a.rate || a.name.localeCompare(b.name));
  const names = bars.map((bar) => bar.name);
  return {
    title: DISPUTE_TEXT.winRateChart,
    categoryHeading: DISPUTE_TEXT.processor,
    ticks: names,
    categories: names,
    series: [{ label: DISPUTE_TEXT.winRateSeries, values: bars.map((bar) => bar.rate) }],
    stacked: false,
    horizontal: true,
    percent: true,
  };
}

/** The CSV: both tables in one file, each row saying which breakdown it belongs to. */
export function disputeReportCsv(rows: readonly DisputeReportRow[]): { header: string[]; rows: CsvCell[][] } {
  const columns = [
    { id: 'key', header: DISPUTE_TEXT.name, value: (r: DisputeReportRow) => disputeLabel(r.key) },
    ...FIGURES,
  ];
  return {
    header: [DISPUTE_TEXT.breakdown, ...columns.map((c) => c.header)],
    rows: DIMENSIONS.flatMap((dimension) =>
      rowsOf(rows, dimension).map((row) => [
        DIMENSION_TITLE[dimension],
        ...columns.map((c) => c.value(row) ?? MISSING_VALUE),
      ]),
    ),
  };
}

/** `dispute-report_2026-11-01_2026-11-30.csv`, named as the other reports' files are (an open end: start, end). */
export const disputeReportFileName = (range: ReportRange) => reportFileName('dispute-report', range);
