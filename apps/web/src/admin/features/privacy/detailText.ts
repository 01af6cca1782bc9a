import { maskAuditDetail } from '@eta/shared';

/**
 * An audit entry's detail as a person reads it: `name: Old → New`, `password: changed`,
 * `reason: wrong password`, counts as `images 12` (DESIGN §16 keeps it as an object).
 */
export function detailText(detail: Record<string, unknown> | null): string {
  if (!detail) return '';
  const shown = (value: unknown): string =>
    value === null || value === undefined
      ? '—'
      : typeof value === 'object'
        ? Object.entries(value)
            .map(([key, inner]) => `${key} ${shown(inner)}`)
            .join(', ')
        : String(value);
  // a session id shows masked, as the CSV has it (maskAuditDetail, shared)
  return Object.entries(maskAuditDetail(detail) ?? {})
    .map(([key, value]) =>
      Array.isArray(value) && value.length === 2
        ? `${key}: ${shown(value[0])} → ${shown(value[1])}`
        : `${key}: ${shown(value)}`,
    )
    .join('; ');
}

/** "Chrome 131 on Windows …": the start of a user agent, the whole of it in a title. */
export const shortAgent = (agent: string | null) => (agent ? agent.replace(/^Mozilla\/5\.0 /, '').slice(0, 60) : '');
