import { describe, expect, it } from 'vitest';
import {
  compareReportRows,
  filterReportRows,
  isIsoDay,
  REPORT_MSG,
  reportFileName,
  reportRangeSchema,
} from './reports.ts';

describe('report date range', () => {
  it('accepts real calendar days only', () => {
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-13-01')).toBe(false);
    expect(isIsoDay('2026-1-01')).toBe(false);
    expect(isIsoDay('0000-01-01')).toBe(false);
    expect(isIsoDay('0001-01-01')).toBe(true);
    expect(isIsoDay('2026-11-01T00:00:00Z')).toBe(false);
  });

  it('treats absent, null and blank as an open end', () => {
    expect(reportRangeSchema.parse({})).toEqual({ fromDate: null, toDate: null });
    expect(reportRangeSchema.parse({ fromDate: '', toDate: null })).toEqual({ fromDate: null, toDate: null });
    expect(reportRangeSchema.parse({ fromDate: '2026-11-01' })).toEqual({ fromDate: '2026-11-01', toDate: null });
  });

  it('names the field at fault', () => {
    const bad = reportRangeSchema.safeParse({ fromDate: '01-11-2026' });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['fromDate'], message: REPORT_MSG.fromDate });
    const badTo = reportRangeSchema.safeParse({ toDate: 20261101 });
    expect(badTo.error?.issues[0]).toMatchObject({ path: ['toDate'], message: REPORT_MSG.toDate });
    const order = reportRangeSchema.safeParse({ fromDate: '2026-11-02', toDate: '2026-11-01' });
    expect(order.error?.issues[0]).toMatchObject({ path: ['fromDate'], message: REPORT_MSG.rangeOrder });
    expect(reportRangeSchema.safeParse({ fromDate: '2026-11-01', toDate: '2026-11-01' }).success).toBe(true);
    expect(reportRangeSchema.safeParse({ from: '2026-11-01' }).success).toBe(false);
  });
});

describe('report rows', () => {
  it('sort by count, then by name case-insensitively, missing names last', () => {
    const rows = [
      { name: 'india', count: 2 },
      { name: null, count: 5 },
      { name: 'Brazil', count: 2 },
      { name: 'Albania', count: 5 },
    ];
    expect([...rows].sort(compareReportRows).map((r) => r.name)).toEqual(['Albania', null, 'Brazil', 'india']);
  });

  it('filter case-insensitively on a substring, missing values as the dash they show', () => {
    const rows = [{ n: 'United States' }, { n: 'United Kingdom' }, { n: null }, { n: 'Guinea-Bissau' }];
    expect(filterReportRows(rows, 'UNITED', (r) => r.n)).toHaveLength(2);
    expect(filterReportRows(rows, ' kingdom ', (r) => r.n)).toEqual([{ n: 'United Kingdom' }]);
    expect(filterReportRows(rows, '', (r) => r.n)).toHaveLength(4);
    expect(filterReportRows(rows, '-', (r) => r.n)).toEqual([{ n: null }, { n: 'Guinea-Bissau' }]);
  });

  it('name the export after the report and its range', () => {
    expect(reportFileName('country-orders', { fromDate: '2026-11-01', toDate: '2026-11-30' })).toBe(
      'country-orders_2026-11-01_2026-11-30.csv',
    );
    expect(reportFileName('processed-by', { fromDate: null, toDate: null }, '2026-11-25')).toBe(
      'processed-by_all-to-2026-11-25.csv',
    );
    expect(reportFileName('processed-by', { fromDate: '2026-11-01', toDate: null }, '2026-11-25')).toBe(
      'processed-by_2026-11-01_2026-11-25.csv',
    );
    expect(reportFileName('dispute-report', { fromDate: null, toDate: '2026-10-31' }, '2026-11-25')).toBe(
      'dispute-report_all-to-2026-10-31.csv',
    );
  });
});
