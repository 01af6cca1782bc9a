import { describe, expect, it } from 'vitest';
import { periodOf, TREND_MAX_PERIODS, trendDays, trendPeriods, trendRequestSchema } from './trend.ts';

describe('order trend periods (DESIGN §21)', () => {
  it('puts a day in its own day, the Monday of its ISO week, and its month', () => {
    expect(periodOf('2026-11-24', 'day')).toBe('2026-11-24');
    expect(periodOf('2026-11-24', 'week')).toBe('2026-11-23'); // a Tuesday
    expect(periodOf('2026-11-23', 'week')).toBe('2026-11-23'); // a Monday is its own week
    expect(periodOf('2026-11-29', 'week')).toBe('2026-11-23'); // Sunday ends it
    expect(periodOf('2026-11-24', 'month')).toBe('2026-11');
  });

  it('crosses month and year ends, leap days included', () => {
    expect(trendPeriods('2027-12-30', '2028-01-02', 'day')).toEqual([
      '2027-12-30',
      '2027-12-31',
      '2028-01-01',
      '2028-01-02',
    ]);
    expect(trendPeriods('2028-02-28', '2028-03-01', 'day')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    // 2026-12-31 is a Thursday: its week starts on Monday 28 December and holds 1 January 2027
    expect(periodOf('2027-01-01', 'week')).toBe('2026-12-28');
    expect(trendPeriods('2026-12-24', '2027-01-05', 'week')).toEqual(['2026-12-21', '2026-12-28', '2027-01-04']);
    expect(trendPeriods('2026-11-30', '2027-02-01', 'month')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(trendPeriods('2027-01-31', '2027-03-01', 'month')).toEqual(['2027-01', '2027-02', '2027-03']);
  });

  it('has one period for a single day, and stops past the longest answer', () => {
    expect(trendPeriods('2026-11-24', '2026-11-24', 'week')).toEqual(['2026-11-23']);
    expect(trendPeriods('2000-01-01', '2026-01-01', 'day').length).toBe(TREND_MAX_PERIODS + 1);
  });

  it('covers the last 30 days, today included, unless the request says otherwise', () => {
    const now = Date.parse('2026-11-24T15:00:00Z');
    expect(trendDays({ fromDate: null, toDate: null }, now)).toEqual({ from: '2026-10-26', to: '2026-11-24' });
    expect(trendDays({ fromDate: null, toDate: '2026-03-01' }, now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(trendDays({ fromDate: '2026-11-01', toDate: null }, now)).toEqual({ from: '2026-11-01', to: '2026-11-24' });
  });

  it('takes day by default and refuses an unknown groupBy, a bad date or a from after to, naming the field', () => {
    expect(trendRequestSchema.parse({})).toEqual({ fromDate: null, toDate: null, groupBy: 'day' });
    expect(trendRequestSchema.parse(undefined)).toEqual({ fromDate: null, toDate: null, groupBy: 'day' });
    expect(trendRequestSchema.parse(null)).toEqual({ fromDate: null, toDate: null, groupBy: 'day' });
    const field = (body: unknown) => trendRequestSchema.safeParse(body).error?.issues[0]?.path[0];
    expect(field({ groupBy: 'year' })).toBe('groupBy');
    expect(field({ fromDate: '2026-02-30' })).toBe('fromDate');
    expect(field({ toDate: 'soon' })).toBe('toDate');
    expect(field({ fromDate: '2026-11-02', toDate: '2026-11-01' })).toBe('fromDate');
    expect(trendRequestSchema.safeParse({ groupBy: 'day', extra: 1 }).success).toBe(false);
  });
});
