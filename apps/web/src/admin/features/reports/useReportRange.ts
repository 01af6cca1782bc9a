import { isIsoDay, type ReportRange } from '@eta/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const day = (value: string | null) => (value && isIsoDay(value) ? value : null);

/**
 * The range a report shows lives in the address (`?from=&to=`), so a reload, Back from elsewhere
 * or a shared link shows the same report. No range: every order (SPEC §7 dates are optional).
 */
export function useReportRange(): [ReportRange, (range: ReportRange) => void] {
  const [params, setParams] = useSearchParams();
  const from = day(params.get('from'));
  const to = day(params.get('to'));
  // A hand-edited address with the ends swapped is read as no bound rather than refused.
  const range = useMemo<ReportRange>(
    () => (from && to && from > to ? { fromDate: null, toDate: null } : { fromDate: from, toDate: to }),
    [from, to],
  );
  const setRange = useCallback(
    (next: ReportRange) => {
      const out = new URLSearchParams();
      if (next.fromDate) out.set('from', next.fromDate);
      if (next.toDate) out.set('to', next.toDate);
      setParams(out, { replace: true });
    },
    [setParams],
  );
  return [range, setRange];
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** A calendar month in UTC, the days the server counts in: `offset` 0 this month, -1 last month. */
export function monthRange(offset: number, now = new Date()): ReportRange {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset + 1, 0));
  return { fromDate: isoDay(first), toDate: isoDay(last) };
}
