import { describe, expect, it } from 'vitest';
import { formatEst } from './est-time.ts';

describe('formatEst: public download times (SPEC §9, MM-DD-YYYY h:mm:ss EST)', () => {
  it.each([
    // winter: UTC-5
    ['2025-01-15T17:04:05.000Z', '01-15-2025 12:04:05 EST'],
    ['2025-01-15T05:04:05.000Z', '01-15-2025 12:04:05 EST'],
    ['2025-01-15T20:09:59.000Z', '01-15-2025 3:09:59 EST'],
    // summer too: the label says EST, so UTC-5, not New York's daylight time (EDT, UTC-4)
    ['2025-07-04T14:30:00.000Z', '07-04-2025 9:30:00 EST'],
    // the date in New York, not in UTC
    ['2025-03-01T02:00:00.000Z', '02-28-2025 9:00:00 EST'],
    ['2024-12-31T23:59:59.999Z', '12-31-2024 6:59:59 EST'],
  ])('%s → %s', (iso, shown) => {
    expect(formatEst(iso)).toBe(shown);
  });

  it("does not jump at New York's daylight saving change of 9 March 2025", () => {
    expect(formatEst('2025-03-09T06:59:59Z')).toBe('03-09-2025 1:59:59 EST');
    expect(formatEst('2025-03-09T07:00:00Z')).toBe('03-09-2025 2:00:00 EST');
  });

  it('shows midnight and noon as 12, never 0, and no leading zero on the hour', () => {
    expect(formatEst('2025-02-01T05:00:00Z')).toBe('02-01-2025 12:00:00 EST');
    expect(formatEst('2025-02-01T06:01:02Z')).toMatch(/ 1:01:02 EST$/);
  });

  it('accepts a Date and epoch milliseconds', () => {
    const at = Date.UTC(2025, 9, 10, 16, 0, 0);
    expect(formatEst(at)).toBe('10-10-2025 11:00:00 EST');
    expect(formatEst(new Date(at))).toBe('10-10-2025 11:00:00 EST');
  });

  it('shows "-" for anything that is not a time', () => {
    expect(formatEst('not a date')).toBe('-');
    expect(formatEst('')).toBe('-');
  });
});
