import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { type FailureLimiters, memoryFailureLimiters, oncePerName } from './failure-limiter.ts';
import { sharedRateLimitStore } from './rate-limit-store.ts';
import { redisFailureLimiters } from './redis-failure-limiter.ts';
import { connectRedis } from './redis-link.ts';

/** Where the app counts: per-IP rate limits and failures per account (DESIGN §10, §19). */
export interface Limits {
  failureLimiters: FailureLimiters;
  /** spread into @fastify/rate-limit's registration: a shared store, or none (its in-memory default) */
  rateLimitOptions: Pick<RateLimitPluginOptions, 'store'>;
  close(): Promise<void>;
}

/**
 * Chosen once at start (DESIGN §13): with REDIS_URL every instance counts in Redis, under keys that
 * start with `prefix`; without it each process counts its own.
 */
export async function limitsFor(
  redis: { url: string | null; prefix: string },
  log: FastifyBaseLogger,
  clock: () => number,
): Promise<Limits> {
  if (!redis.url) {
    return { failureLimiters: oncePerName(memoryFailureLimiters(clock)), rateLimitOptions: {}, close: async () => {} };
  }
  const link = await connectRedis(redis.url, log);
  return {
    failureLimiters: oncePerName(redisFailureLimiters(link, redis.prefix, clock)),
    rateLimitOptions: { store: sharedRateLimitStore(link, `${redis.prefix}rate:`) },
    close: () => link.close(),
  };
}
