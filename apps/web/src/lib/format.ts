/** SPEC §5: missing values show as '-'. */
export const MISSING = '-';

export type Value = string | number | boolean | null | undefined;

export function orDash(value: Value): string {
  if (value === null || value === undefined) return MISSING;
  const text = String(value).trim();
  return text === '' ? MISSING : text;
}
