/**
 * What a chart shows, free of any charting library: the screens shape their replies into a spec
 * (pure functions, unit-tested), the lazy chart draws it, and the table beside it lists the same
 * numbers for keyboard and screen-reader users (DESIGN §21).
 */
export interface ChartSeries {
  label: string;
  values: readonly number[];
}

export interface ChartSpec {
  /** the caption above the chart; the canvas's accessible summary starts with it */
  title: string;
  /** the heading of the table's first column */
  categoryHeading: string;
  /** short labels along the axis */
  ticks: readonly string[];
  /** full labels: the table's row headings and the tooltips' titles */
  categories: readonly string[];
  series: readonly ChartSeries[];
  /** series stacked into one bar per category (the table then adds a Total column) */
  stacked: boolean;
  /** bars run sideways, so long names (nationalities, members) read without tilting */
  horizontal: boolean;
  /**
   * the values are percentages (a win rate): the axis runs 0 to 100 whatever the bars, and the
   * summary names no total, since rates do not add up
   */
  percent?: boolean;
}

export const TOTAL_HEADING = 'Total';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The total of each category over every series. */
export function categoryTotals(spec: ChartSpec): number[] {
  return spec.categories.map((_, i) => sum(spec.series.map((s) => s.values[i] ?? 0)));
}

const hasTotal = (spec: ChartSpec) => spec.stacked && spec.series.length > 1;

/** The table beside the chart: one row per category, one column per series (and a total when stacked). */
export function chartTable(spec: ChartSpec): { head: string[]; rows: { category: string; cells: number[] }[] } {
  const totals = categoryTotals(spec);
  return {
    head: [spec.categoryHeading, ...spec.series.map((s) => s.label), ...(hasTotal(spec) ? [TOTAL_HEADING] : [])],
    rows: spec.categories.map((category, i) => ({
      category,
      cells: [...spec.series.map((s) => s.values[i] ?? 0), ...(hasTotal(spec) ? [totals[i] ?? 0] : [])],
    })),
  };
}

/**
 * The canvas's aria-label: what a sighted reader takes from the picture at a glance (the whole,
 * each series' share, the highest bar); the table has every number.
 */
export function chartSummary(spec: ChartSpec): string {
  const totals = categoryTotals(spec);
  const total = sum(totals);
  if (spec.percent) {
    const parts = [`${spec.title}: ${spec.categories.length} bars`];
    if (totals.length > 0) {
      const top = totals.indexOf(Math.max(...totals));
      parts.push(`highest ${spec.categories[top]} at ${totals[top]}%`);
    }
    return `${parts.join('; ')}. The table beside the chart lists every number.`;
  }
  const parts = [`${spec.title}: ${spec.categories.length} bars, ${total} in total`];
  if (spec.series.length > 1) parts[0] += ` (${spec.series.map((s) => `${s.label} ${sum(s.values)}`).join(', ')})`;
  if (total > 0) {
    const top = totals.indexOf(Math.max(...totals));
    parts.push(`highest ${spec.categories[top]} with ${totals[top]}`);
  }
  return `${parts.join('; ')}. The table beside the chart lists every number.`;
}
