/**
 * Download times on the public page (SPEC §9): `MM-DD-YYYY h:mm:ss` with the label EST. SPEC fixes
 * the label, so the time is the one it names: Eastern Standard Time, UTC−5, all year. New York's
 * own clock is an hour ahead in summer (EDT); a time labelled EST must not follow it (issue 21).
 * Remarks keep New York's clock (`usEasternStamp`), under their own "ET" heading.
 */
export const EST_LABEL = 'EST';
/** New York's zone, for the remarks' ET stamps (detail.ts) */
export const EST_TIME_ZONE = 'America/New_York';
const EST_OFFSET_MS = -5 * 60 * 60 * 1000;

const two = (n: number) => String(n).padStart(2, '0');

/** `2025-05-14T19:07:09Z` → `05-14-2025 2:07:09 EST`; anything that is not a date → '-'. */
export function formatEst(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  const est = new Date(date.getTime() + EST_OFFSET_MS);
  const hour = est.getUTCHours() % 12 || 12;
  return `${two(est.getUTCMonth() + 1)}-${two(est.getUTCDate())}-${est.getUTCFullYear()} ${hour}:${two(est.getUTCMinutes())}:${two(est.getUTCSeconds())} ${EST_LABEL}`;
}
