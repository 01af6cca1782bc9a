import { describe, expect, it } from 'vitest';
import { type ChartSpec, chartSummary, chartTable } from './chartSpec.ts';

const stacked: ChartSpec = {
  title: 'Orders per day',
  categoryHeading: 'Day',
  ticks: ['1 Mar', '2 Mar', '3 Mar'],
  categories: ['Mon 1 Mar 1999', 'Tue 2 Mar 1999', 'Wed 3 Mar 1999'],
  series: [
    { label: 'Standard', values: [2, 0, 5] },
    { label: 'Priority', values: [1, 0, 4] },
  ],
  stacked: true,
  horizontal: false,
};

describe('the table beside a chart', () => {
  it('lists every category in full with each series and, when stacked, the total', () => {
    expect(chartTable(stacked)).toEqual({
      head: ['Day', 'Standard', 'Priority', 'Total'],
      rows: [
        { category: 'Mon 1 Mar 1999', cells: [2, 1, 3] },
        { category: 'Tue 2 Mar 1999', cells: [0, 0, 0] },
        { category: 'Wed 3 Mar 1999', cells: [5, 4, 9] },
      ],
    });
  });

  it('has no total column for a single series', () => {
    const single = { ...stacked, series: [{ label: 'Orders', values: [4, 2, 0] }], stacked: false };
    expect(chartTable(single).head).toEqual(['Day', 'Orders']);
    expect(chartTable(single).rows.map((r) => r.cells)).toEqual([[4], [2], [0]]);
  });
});

describe('the spoken summary of a chart', () => {
  it('gives the whole, each series and the highest bar', () => {
    expect(chartSummary(stacked)).toBe(
      'Orders per day: 3 bars, 12 in total (Standard 7, Priority 5); highest Wed 3 Mar 1999 with 9. ' +
        'The table beside the chart lists every number.',
    );
  });

  it('names no highest bar when every bar is zero', () => {
    const empty = { ...stacked, series: stacked.series.map((s) => ({ ...s, values: [0, 0, 0] })) };
    expect(chartSummary(empty)).toBe(
      'Orders per day: 3 bars, 0 in total (Standard 0, Priority 0). The table beside the chart lists every number.',
    );
  });

  it('names no total for percentages, which do not add up', () => {
    const rates: ChartSpec = {
      title: 'Win rate',
      categoryHeading: 'Processor',
      ticks: ['Stripe', 'Adyen'],
      categories: ['Stripe', 'Adyen'],
      series: [{ label: 'Win rate %', values: [50, 75] }],
      stacked: false,
      horizontal: true,
      percent: true,
    };
    expect(chartSummary(rates)).toBe(
      'Win rate: 2 bars; highest Adyen at 75%. The table beside the chart lists every number.',
    );
  });
});
