import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisFailureLimiters } from './redis-failure-limiter.ts';
import { connectRedis, type RedisLink } from './redis-link.ts';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL;
const quiet = { warn() {}, info() {} } as unknown as FastifyBaseLogger;

/** Two "instances" (two connections) counting failures of one key at once, on the machine's Redis. */
describe.skipIf(!TEST_REDIS_URL)('failure counts in Redis', () => {
  const prefix = `eta-test-${randomBytes(6).toString('hex')}:`;
  let now = Date.UTC(2026, 0, 5, 9, 0, 0);
  const clock = () => now;
  let first: RedisLink;
  let second: RedisLink;
  let admin: Redis;

  beforeAll(async () => {
    first = await connectRedis(TEST_REDIS_URL as string, quiet);
    second = await connectRedis(TEST_REDIS_URL as string, quiet);
    admin = new Redis(TEST_REDIS_URL as string);
  });
  afterAll(async () => {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
    await first.close();
    await second.close();
  });

  it('counts every failure made at once by two instances, in the same millisecond too', async () => {
    const a = redisFailureLimiters(first, prefix, clock).create('race', 40, 60_000);
    const b = redisFailureLimiters(second, prefix, clock).create('race', 40, 60_000);
    await Promise.all(Array.from({ length: 20 }, () => [a.fail('k'), b.fail('k')]).flat());
    expect(await a.isBlocked('k')).toBe(true);
    expect(await b.isBlocked('k')).toBe(true);
    const [key] = await admin.keys(`${prefix}fail:race:*`);
    expect(await admin.zcard(key as string)).toBe(40);
  });

  it('slides its window by the app clock, and a reset on one instance clears the other', async () => {
    const a = redisFailureLimiters(first, prefix, clock).create('window', 2, 60_000);
    const b = redisFailureLimiters(second, prefix, clock).create('window', 2, 60_000);
    await a.fail('k');
    now += 30_000;
    await b.fail('k');
    expect(await a.isBlocked('k')).toBe(true);
    // the first failure leaves the window: one left
    now += 30_001;
    expect(await b.isBlocked('k')).toBe(false);
    await a.fail('k');
    expect(await b.isBlocked('k')).toBe(true);
    await b.reset('k');
    expect(await a.isBlocked('k')).toBe(false);
    // another limiter's name, another count
    const other = redisFailureLimiters(first, prefix, clock).create('other', 1, 60_000);
    expect(await other.isBlocked('k')).toBe(false);
  });
});
