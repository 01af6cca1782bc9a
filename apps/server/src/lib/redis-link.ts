import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * A request never waits long on a dead Redis: a connection not made within a second fails, a
 * command unanswered within half a second fails, and nothing is queued while disconnected (ioredis
 * would otherwise hold commands until Redis is back, and the requests behind them).
 */
const CONNECT_TIMEOUT_MS = 1000;
const COMMAND_TIMEOUT_MS = 500;
/** after a failure Redis is left alone this long; then one request tries it again while the rest count here */
const RETRY_AFTER_MS = 2000;

/**
 * The Redis connection shared limits use (DESIGN §19), and whether to ask it now. While Redis is
 * down (refusing, unreachable, or connected but silent) the callers count in this process instead:
 * limits stay, per process, and never turn into errors. One warning when it goes, one info line
 * when it answers again.
 */
export interface RedisLink {
  readonly client: Redis;
  /** false while Redis is down: count in this process instead */
  usable(): boolean;
  /** a command was answered */
  answered(): void;
  /** a command failed or timed out */
  failed(error: unknown): void;
  close(): Promise<void>;
}

/** Connects, waiting at most a moment for the first answer: a Redis down at start only means per-process limits. */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<RedisLink> {
  const client = new Redis(url, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // keep trying to reconnect, at most every two seconds
    retryStrategy: (attempt: number) => Math.min(attempt * 100, 2000),
  });
  let down = false;
  let retryAt = 0;

  const goneDown = (error: unknown) => {
    retryAt = Date.now() + RETRY_AFTER_MS;
    if (down) return;
    down = true;
    log.warn(
      { err: error },
      'Redis is not answering: rate limits and failure counts are kept in each process until it does',
    );
  };
  const backUp = () => {
    if (!down) return;
    down = false;
    log.info('Redis answers again: rate limits and failure counts are shared by every instance');
  };
  // ioredis repeats the error at each reconnection attempt: logged once by goneDown
  client.on('error', goneDown);
  client.on('ready', backUp);

  await new Promise<void>((resolve) => {
    const settled = () => {
      clearTimeout(timer);
      client.off('ready', settled);
      client.off('error', settled);
      resolve();
    };
    const timer = setTimeout(settled, CONNECT_TIMEOUT_MS + COMMAND_TIMEOUT_MS);
    client.once('ready', settled);
    client.once('error', settled);
  });
  if (client.status !== 'ready') goneDown(new Error(`no answer from Redis at start (${client.status})`));

  return {
    client,
    usable() {
      if (client.status !== 'ready') {
        if (!down) goneDown(new Error(`Redis connection ${client.status}`));
        return false;
      }
      if (!down) return true;
      // connected but failing (a stalled server): one request at a time tries it again
      if (Date.now() < retryAt) return false;
      retryAt = Date.now() + RETRY_AFTER_MS;
      return true;
    },
    answered: backUp,
    failed: goneDown,
    async close() {
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}
