import type { FastifyRateLimitOptions, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore, { type RateLimitStoreCallback } from '@fastify/rate-limit/store/RedisStore.js';
import type { RedisLink } from './redis-link.ts';

/**
 * The plugin's own Redis store, with its own in-memory store behind it for when Redis is down
 * (DESIGN §19). The plugin's `skipOnError` would drop the limit while Redis is down, and without it
 * every limited route would answer 500: here a failed Redis call is counted in this process instead.
 */
class SharedOrLocalStore {
  readonly #link: RedisLink;
  readonly #shared: RedisStore;
  readonly #local: LocalStore;

  constructor(link: RedisLink, shared: RedisStore, local: LocalStore) {
    this.#link = link;
    this.#shared = shared;
    this.#local = local;
  }

  incr(key: string, callback: RateLimitStoreCallback, timeWindow: number, max: number): void {
    this.#count('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: RateLimitStoreCallback, timeWindow: number, max: number): void {
    this.#count('read', key, callback, timeWindow, max);
  }

  /** the plugin makes one store per limited route */
  child(routeOptions: object): SharedOrLocalStore {
    return new SharedOrLocalStore(this.#link, this.#shared.child(routeOptions), this.#local.child(routeOptions));
  }

  #count(method: 'incr' | 'read', key: string, callback: RateLimitStoreCallback, timeWindow: number, max: number) {
    const local = () => this.#local[method](key, callback, timeWindow, max);
    if (!this.#link.usable()) return local();
    this.#shared[method](
      key,
      (error, result) => {
        if (error) {
          this.#link.failed(error);
          return local();
        }
        this.#link.answered();
        callback(null, result);
      },
      timeWindow,
      max,
    );
  }
}

/** The `store` option of @fastify/rate-limit: keys start with `nameSpace`, then the route, then the address. */
export function sharedRateLimitStore(link: RedisLink, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends SharedOrLocalStore {
    constructor(options: FastifyRateLimitOptions) {
      const { continueExceeding = false, exponentialBackoff = false } = options as {
        continueExceeding?: boolean;
        exponentialBackoff?: boolean;
      };
      super(
        link,
        new RedisStore(continueExceeding, exponentialBackoff, link.client, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  };
}
