import { type CountryReportRow, MISSING_VALUE, type ProcessedByReportRow, REPORT_COLUMN } from '@eta/shared';
import type { ChartSpec } from '../../../components/chart/chartSpec.ts';

/** The country chart shows the nationalities with most orders (DESIGN §21); the table below has them all. */
export const TOP_NATIONALITIES = 10;
export const CHART_TITLE = {
  countries: `Top ${TOP_NATIONALITIES} nationalities by orders`,
  processed: 'Orders processed per member',
} as const;

/** Most orders first; ties by name, so the picture does not reshuffle between equal answers. */
function byCountThenName<Row extends { count: number }>(name: (row: Row) => string) {
  return (a: Row, b: Row) => b.count - a.count || name(a).localeCompare(name(b));
}

const nationalityOf = (row: CountryReportRow) => row.nationality ?? MISSING_VALUE;

/** The range's rows (already loaded for the table: no second call) as the top nationalities, stacked. */
export function countryChart(rows: readonly CountryReportRow[]): ChartSpec {
  const top = [...rows].sort(byCountThenName(nationalityOf)).slice(0, TOP_NATIONALITIES);
  const names = top.map(nationalityOf);
  return {
    title: CHART_TITLE.countries,
    categoryHeading: REPORT_COLUMN.nationality,
    ticks: names,
    categories: names,
    series: [
      { label: REPORT_COLUMN.standard, values: top.map((r) => r.standard_count) },
      { label: REPORT_COLUMN.priority, values: top.map((r) => r.priority_count) },
    ],
    stacked: true,
    horizontal: true,
  };
}

const memberOf = (row: ProcessedByReportRow) => row.processed_by || MISSING_VALUE;

/** The range's rows as one bar per member, most orders first. */
export function processedChart(rows: readonly ProcessedByReportRow[]): ChartSpec {
  const sorted = [...rows].sort(byCountThenName(memberOf));
  const names = sorted.map(memberOf);
  return {
    title: CHART_TITLE.processed,
    categoryHeading: REPORT_COLUMN.name,
    ticks: names,
    categories: names,
    series: [{ label: REPORT_COLUMN.count, values: sorted.map((r) => r.count) }],
    stacked: false,
    horizontal: true,
  };
}

const BAR_PX = 28;
const AXES_PX = 70;
/** Sideways bars keep their thickness however many there are. */
export const sidewaysHeight = (spec: ChartSpec) => Math.max(160, spec.categories.length * BAR_PX + AXES_PX);
