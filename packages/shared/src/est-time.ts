/**
 * Download times on the public page (SPEC §9): US Eastern time as `MM-DD-YYYY h:mm:ss` with the label
 * EST. The label is SPEC's literal all year round; the clock is America/New_York's, so summer times
 * follow daylight saving as the customer's and the business's clocks do (docs/decisions.md).
 */
export const EST_LABEL = 'EST';
export const EST_TIME_ZONE = 'America/New_York';

let formatter: Intl.DateTimeFormat | null = null;

function parts(date: Date): Record<string, string> {
  formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: EST_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h12',
  });
  const out: Record<string, string> = {};
  for (const part of formatter.formatToParts(date)) out[part.type] = part.value;
  return out;
}

/** `2025-05-14T19:07:09Z` → `05-14-2025 3:07:09 EST`; anything that is not a date → '-'. */
export function formatEst(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  const p = parts(date);
  return `${p.month}-${p.day}-${p.year} ${Number(p.hour)}:${p.minute}:${p.second} ${EST_LABEL}`;
}
