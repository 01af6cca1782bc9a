import { describe, expect, it } from 'vitest';
import { formatUtcDate, formatUtcDateTime } from './dates.ts';

describe('order list dates (SPEC §2: UTC, DD-MM-YYYY HH:mm:ss)', () => {
  it('formats an ISO UTC timestamp', () => {
    expect(formatUtcDateTime('2026-03-05T09:07:03.000Z')).toBe('05-03-2026 09:07:03');
  });

  it('uses a 24-hour clock', () => {
    expect(formatUtcDateTime('2026-12-31T23:59:59Z')).toBe('31-12-2026 23:59:59');
    expect(formatUtcDateTime('2026-01-01T00:00:00Z')).toBe('01-01-2026 00:00:00');
  });

  it('shows the UTC wall clock for a timestamp with an offset', () => {
    // 01:30 in +02:00 is 23:30 UTC on the previous day (and month, and year).
    expect(formatUtcDateTime('2026-01-01T01:30:00+02:00')).toBe('31-12-2025 23:30:00');
  });

  it('formats a refund date as DD-MM-YYYY in UTC', () => {
    expect(formatUtcDate('2026-02-28T23:30:00-01:00')).toBe('01-03-2026');
    expect(formatUtcDate(new Date(Date.UTC(2026, 6, 4)))).toBe('04-07-2026');
  });

  it.each([null, undefined, '', 'not a date'])('gives null for %s', (value) => {
    expect(formatUtcDateTime(value)).toBeNull();
    expect(formatUtcDate(value)).toBeNull();
  });
});
