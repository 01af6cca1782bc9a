import { REPORT_COLUMN, type TrendRow } from '@eta/shared';
import { describe, expect, it } from 'vitest';
import { periodLabels, trendBody, trendChart } from './trend.ts';

const at = (iso: string) => Date.parse(iso);

describe('the window each grouping asks for', () => {
  it('leaves the last 30 days by day to the server', () => {
    expect(trendBody('day', at('2026-11-24T10:00:00Z'))).toEqual({ groupBy: 'day' });
  });

  it('asks for this ISO week and the 11 before it, from their Monday', () => {
    // Tuesday 24 Nov 2026: its week starts Monday 23 Nov; 11 weeks earlier is Monday 7 Sep.
    expect(trendBody('week', at('2026-11-24T10:00:00Z'))).toEqual({ groupBy: 'week', fromDate: '2026-09-07' });
    // A Sunday belongs to the week that started six days before.
    expect(trendBody('week', at('2026-11-29T23:59:59Z'))).toEqual({ groupBy: 'week', fromDate: '2026-09-07' });
  });

  it('asks for this month and the 11 before it, across the year end', () => {
    expect(trendBody('month', at('2026-11-24T10:00:00Z'))).toEqual({ groupBy: 'month', fromDate: '2025-12-01' });
    expect(trendBody('month', at('2027-01-01T00:00:00Z'))).toEqual({ groupBy: 'month', fromDate: '2026-02-01' });
  });
});

describe('period labels (UTC)', () => {
  it('shortens the axis and spells the table out', () => {
    expect(periodLabels('2026-11-24', 'day')).toEqual({ tick: '24 Nov', full: 'Tue, 24 Nov 2026' });
    expect(periodLabels('2026-11-23', 'week')).toEqual({ tick: '23 Nov', full: '23 Nov 2026' });
    expect(periodLabels('2026-11', 'month')).toEqual({ tick: 'Nov 2026', full: 'November 2026' });
  });
});

describe('the trend chart', () => {
  const rows: TrendRow[] = [
    { period: '2026-10', count: 5, standard_count: 3, priority_count: 2, completed_count: 1 },
    { period: '2026-11', count: 0, standard_count: 0, priority_count: 0, completed_count: 4 },
  ];

  it('stacks standard under priority, one bar per period in the order given', () => {
    expect(trendChart(rows, 'month')).toEqual({
      title: 'Orders per month, last 12 months',
      categoryHeading: 'Month',
      ticks: ['Oct 2026', 'Nov 2026'],
      categories: ['October 2026', 'November 2026'],
      series: [
        { label: REPORT_COLUMN.standard, values: [3, 0] },
        { label: REPORT_COLUMN.priority, values: [2, 0] },
      ],
      stacked: true,
      horizontal: false,
    });
  });
});
