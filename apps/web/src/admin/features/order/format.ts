import { formatUtcDate, formatUtcDateTime, statusLabel } from '@eta/shared';
import { MISSING, orDash, type Value } from '../../../lib/format.ts';

// The order screens read these from here with the rest of their formatting.
export { MISSING, orDash };

/** Timestamps on this screen read like the queues' (UTC, DD-MM-YYYY HH:mm:ss), so a member compares them at a glance. */
export const stamp = (value: string | null | undefined): string => formatUtcDateTime(value) ?? MISSING;

/**
 * Dates the website sent (birth, travel): ISO `YYYY-MM-DD` shown as the queues' DD-MM-YYYY; anything
 * else exactly as the applicant gave it, since guessing a format could swap day and month.
 */
export function plainDate(value: string | null | undefined): string {
  if (value && /^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return formatUtcDate(value.trim()) ?? value;
  return orDash(value);
}

/** The questionnaire answers 'yes'/'no' (and booleans in extra answers) as a person writes them. */
export function yesNo(value: Value): string {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  const text = orDash(value);
  if (/^(y|yes)$/i.test(text)) return 'Yes';
  if (/^(n|no)$/i.test(text)) return 'No';
  return text;
}

/** `convicted_any_other_crime` → "Convicted any other crime": for answers we have no label for. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A status as a person reads it (shared status-labels.ts): never a raw value such as `AwaitingGovt`. */
export const statusText = (status: string | null | undefined): string => orDash(statusLabel(status));

export const capitalise = (value: string | null | undefined): string => {
  const text = orDash(value);
  return text === MISSING ? text : text.charAt(0).toUpperCase() + text.slice(1);
};

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(0)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * React keys for rows that carry no id on the wire (events, downloads): their content, with a count
 * added when two rows are alike (same instant, same kind), so the keys stay unique and stable.
 */
export function keyed<T>(items: readonly T[], contentKey: (item: T) => string): { key: string; item: T }[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = contentKey(item);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return { key: n === 0 ? base : `${base}#${n}`, item };
  });
}
