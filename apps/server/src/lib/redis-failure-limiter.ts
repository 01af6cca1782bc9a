import { createHash, randomBytes } from 'node:crypto';
import { type FailureLimiter, type FailureLimiters, memoryFailureLimiter } from './failure-limiter.ts';
import type { RedisLink } from './redis-link.ts';

/**
 * Failure counts shared by every instance (DESIGN §19): one sorted set per key in Redis, a failure's
 * score the time it happened by the app's clock, so the window slides exactly as the in-memory
 * limiter's does and every instance counts every failure. While Redis is down each limiter counts
 * in this process instead (redis-link.ts), so a limit never lapses.
 */
export function redisFailureLimiters(link: RedisLink, prefix: string, clock: () => number): FailureLimiters {
  return {
    create(name, maxFailures, windowMs): FailureLimiter {
      const local = memoryFailureLimiter(maxFailures, windowMs, clock);
      // The keys are email addresses and the like: Redis sees a digest, never the address.
      const keyOf = (key: string) => `${prefix}fail:${name}:${createHash('sha256').update(key).digest('base64url')}`;

      async function sharedOrLocal<T>(shared: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
        if (!link.usable()) return fallback();
        try {
          const result = await shared();
          link.answered();
          return result;
        } catch (error) {
          link.failed(error);
          return fallback();
        }
      }

      return {
        isBlocked: (key) =>
          sharedOrLocal(
            async () => (await link.client.zcount(keyOf(key), `(${clock() - windowMs}`, '+inf')) >= maxFailures,
            () => local.isBlocked(key),
          ),

        fail: (key) =>
          sharedOrLocal(
            async () => {
              const redisKey = keyOf(key);
              const now = clock();
              // One transaction: drop what left the window, add this failure (a unique member, so two
              // in the same millisecond count twice), and let the key expire once the window has passed.
              const replies = await link.client
                .multi()
                .zremrangebyscore(redisKey, '-inf', now - windowMs)
                .zadd(redisKey, now, `${now}:${randomBytes(6).toString('base64url')}`)
                .pexpire(redisKey, windowMs)
                .exec();
              const failed = replies?.find(([error]) => error);
              if (!replies || failed) throw failed?.[0] ?? new Error('Redis transaction aborted');
            },
            () => local.fail(key),
          ),

        async reset(key) {
          // Both: a count made here during an outage must not outlive a success either.
          await local.reset(key);
          await sharedOrLocal(
            async () => void (await link.client.del(keyOf(key))),
            async () => {},
          );
        },
      };
    },
  };
}
