import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { describe } from 'vitest';
import type { DialectName } from '../src/db/dialect.ts';
import { DIALECTS } from './test-app.ts';

/** The machine's Redis (CI sets it, and starts Redis if it is down); unset: tests that need it are skipped. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? null;

/** Like describeEachDialect, skipped without TEST_REDIS_URL. */
export function describeEachDialectWithRedis(name: string, body: (dialect: DialectName) => void): void {
  for (const dialect of DIALECTS) describe.skipIf(!TEST_REDIS_URL)(`${name} [${dialect}]`, () => body(dialect));
}

export interface SharedRedis {
  /** REDIS_URL and a REDIS_PREFIX of this test's own, so parallel test files never count together */
  env: { REDIS_URL: string; REDIS_PREFIX: string };
  prefix: string;
  /** a client of the test's own, to look at what the apps wrote */
  client: Redis;
  keys(): Promise<string[]>;
  /** deletes every key under the prefix and disconnects */
  drop(): Promise<void>;
}

export async function sharedRedis(url = TEST_REDIS_URL as string): Promise<SharedRedis> {
  const prefix = `eta-test-${randomBytes(6).toString('hex')}:`;
  const client = new Redis(url, { lazyConnect: true });
  await client.connect();
  const keys = async () => {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      found.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    return found;
  };
  return {
    env: { REDIS_URL: url, REDIS_PREFIX: prefix },
    prefix,
    client,
    keys,
    async drop() {
      const found = await keys();
      if (found.length > 0) await client.del(...found);
      await client.quit();
    },
  };
}

export interface StallingRelay {
  /** REDIS_URL through the relay */
  url: string;
  /** from now on commands are held, unanswered, as by a Redis that hangs */
  stall(): void;
  /** the held commands go on, in order, and so does everything after */
  resume(): void;
  close(): Promise<void>;
}

/** A TCP relay on loopback in front of Redis that can stop passing commands on and start again. */
export async function startStallingRelay(target = TEST_REDIS_URL as string): Promise<StallingRelay> {
  const upstreamUrl = new URL(target);
  let stalled = false;
  const held: { to: net.Socket; chunk: Buffer }[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(upstreamUrl.port || 6379), upstreamUrl.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => (stalled ? held.push({ to: upstream, chunk }) : upstream.write(chunk)));
    upstream.on('data', (chunk) => client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayUrl = new URL(target);
  relayUrl.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: relayUrl.toString(),
    stall: () => {
      stalled = true;
    },
    resume() {
      stalled = false;
      for (const { to, chunk } of held.splice(0)) to.write(chunk);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
