/**
 * The two stores @fastify/rate-limit keeps in its store/ folder (it ships no types for them, and its
 * package has no exports map, so they can be imported): rate-limit-store.ts puts one behind the other.
 */
declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { RateLimitStoreCallback } from '@fastify/rate-limit/store/RedisStore.js';
  export default class LocalStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, cache?: number);
    incr(key: string, callback: RateLimitStoreCallback, timeWindow: number, max: number): void;
    read(key: string, callback: RateLimitStoreCallback, timeWindow: number, max: number): void;
    child(routeOptions: object): LocalStore;
  }
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';
  export type RateLimitStoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
  export default class RedisStore {
    /** `key`: the prefix of every key it writes (the plugin's `nameSpace`) */
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string);
    incr(key: string, callback: RateLimitStoreCallback, timeWindow: number, max: number): void;
    read(key: string, callback: RateLimitStoreCallback, timeWindow: number, max: number): void;
    child(routeOptions: object): RedisStore;
  }
}
