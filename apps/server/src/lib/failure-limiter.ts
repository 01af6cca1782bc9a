/**
 * Counts failures per key over a sliding window: sign-in failures per account, wrong sign-in codes,
 * reset mails per account. Asynchronous because the count may live in Redis (redis-failure-limiter.ts).
 */
export interface FailureLimiter {
  /** as many failures as allowed within the window: refuse before trying */
  isBlocked(key: string): Promise<boolean>;
  fail(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/**
 * Makes an app's limiters: in this process, or shared by every instance through Redis, chosen once
 * at start (limits.ts); services ask for theirs here and never know which.
 */
export interface FailureLimiters {
  /** `name` keeps one limiter's keys apart from another's in a shared store */
  create(name: string, maxFailures: number, windowMs: number): FailureLimiter;
}

/** A count kept in this process's memory: with several processes each keeps its own. */
export function memoryFailureLimiter(maxFailures: number, windowMs: number, clock: () => number): FailureLimiter {
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const since = clock() - windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) failures.delete(key);
    else failures.set(key, list);
    return list;
  };
  return {
    isBlocked: async (key) => recent(key).length >= maxFailures,
    async fail(key) {
      const list = recent(key);
      list.push(clock());
      failures.set(key, list);
      if (failures.size > 100_000) failures.delete(failures.keys().next().value as string);
    },
    reset: async (key) => void failures.delete(key),
  };
}

export function memoryFailureLimiters(clock: () => number): FailureLimiters {
  return { create: (_name, maxFailures, windowMs) => memoryFailureLimiter(maxFailures, windowMs, clock) };
}

/**
 * One limiter per name: services that ask for the same name count together (wrong passwords at
 * sign-in and at "confirm it is you", DESIGN §22), in memory as in Redis.
 */
export function oncePerName(limiters: FailureLimiters): FailureLimiters {
  const made = new Map<string, FailureLimiter>();
  return {
    create(name, maxFailures, windowMs) {
      const kept = made.get(name);
      if (kept) return kept;
      const limiter = limiters.create(name, maxFailures, windowMs);
      made.set(name, limiter);
      return limiter;
    },
  };
}
