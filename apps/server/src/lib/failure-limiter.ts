/**
 * Counts failures per key in a sliding window kept in memory. Used for sign-in failures per
 * account; with several instances each keeps its own count, which still bounds guessing to
 * N × instances per window (docs/decisions.md).
 */
export function createFailureLimiter(maxFailures: number, windowMs: number, clock: () => number) {
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const since = clock() - windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) failures.delete(key);
    else failures.set(key, list);
    return list;
  };
  return {
    isBlocked: (key: string) => recent(key).length >= maxFailures,
    fail(key: string) {
      const list = recent(key);
      list.push(clock());
      failures.set(key, list);
      if (failures.size > 100_000) failures.delete(failures.keys().next().value as string);
    },
    reset: (key: string) => void failures.delete(key),
  };
}

export type FailureLimiter = ReturnType<typeof createFailureLimiter>;
