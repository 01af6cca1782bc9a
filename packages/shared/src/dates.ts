/**
 * Order list dates (SPEC §2, §9): always UTC, so every member sees the same clock whatever their
 * machine's zone. Written without Intl or a date library: the format is fixed and the bundle small.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `DD-MM-YYYY` in UTC, or null when the value is empty or not a date. */
export function formatUtcDate(value: string | number | Date | null | undefined): string | null {
  const d = toDate(value);
  if (!d) return null;
  return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCFullYear(), 4)}`;
}

/** `DD-MM-YYYY HH:mm:ss` in UTC on a 24-hour clock, or null when the value is empty or not a date. */
export function formatUtcDateTime(value: string | number | Date | null | undefined): string | null {
  const d = toDate(value);
  if (!d) return null;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${formatUtcDate(d)} ${time}`;
}
