/** How config.ts reads one setting: each problem is listed, never thrown, so all are told at once. */

export type Env = Record<string, string | undefined>;

export function int(env: Env, key: string, fallback: number, problems: string[], min = 0, max = 1_000_000): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    problems.push(`${key} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return n;
}

export function url(env: Env, key: string, schemes: string[], problems: string[]): string | null {
  const raw = env[key];
  if (!raw) return null;
  try {
    const u = new URL(raw);
    if (!schemes.includes(u.protocol))
      problems.push(`${key} must start with ${schemes.join(' or ')} (got "${u.protocol}")`);
  } catch {
    problems.push(`${key} is not a valid URL`);
  }
  return raw;
}

export function list(raw: string | undefined, fallback: readonly string[]): readonly string[] {
  if (raw === undefined || raw === '') return fallback;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function onOff(env: Env, key: string, fallback: boolean, problems: string[]): boolean {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  problems.push(`${key} must be true or false (got "${raw}")`);
  return fallback;
}
