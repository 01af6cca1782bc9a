import { AUDIT_ACTION, ROLE, SERVER_MSG } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, front } from './public-fixtures.ts';
import {
  describeEachDialectWithRedis,
  type SharedRedis,
  type StallingRelay,
  sharedRedis,
  startStallingRelay,
  TEST_REDIS_URL,
} from './redis-fixtures.ts';
import { buildTestApp, createMember, TEST_PASSWORD, type TestApp } from './test-app.ts';

const WARNING = 'Redis is not answering';
const RECOVERED = 'Redis answers again';

const signIn = (t: TestApp, email: string, password: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password }, remoteAddress: ip });

/**
 * DESIGN §19: two instances on one database and one Redis count as one. Without the shared counts
 * each would allow its own full limit, and every refusal below would be a success.
 */
describeEachDialectWithRedis('limits shared by instances through Redis', (dialect) => {
  let redis: SharedRedis;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    redis = await sharedRedis();
    const env = { ...redis.env, PUBLIC_RATE_LIMIT_PER_IP: '3' };
    a = await buildTestApp(dialect, env);
    b = await buildTestApp(dialect, env, { reuse: a.storage });
  });
  afterAll(async () => {
    await b?.close({ keepStorage: true });
    await a?.close();
    await redis?.drop();
  });

  it('a per-IP limit reached through one instance holds on the other', async () => {
    const order = await createOrder(a);
    const track = (t: TestApp, ip: string) =>
      front(t, 'track-order', { orderId: order.orderId, email: 'guess@example.test' }, { ip });
    expect((await track(a, '198.51.100.40')).statusCode).toBe(404);
    expect((await track(a, '198.51.100.40')).statusCode).toBe(404);
    expect((await track(b, '198.51.100.40')).statusCode).toBe(404);
    const limited = await track(b, '198.51.100.40');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: 0, message: SERVER_MSG.tooManyRequests });
    expect((await track(a, '198.51.100.40')).statusCode).toBe(429);
    // another address is not held up by it, on either instance
    expect((await track(b, '198.51.100.41')).statusCode).toBe(404);
  });

  it('sign-in failures counted on both instances lock the account on both', async () => {
    const victim = await createMember(a, ROLE.Team);
    for (const t of [a, b, a, b, a]) expect((await signIn(t, victim.email, 'wrong-guess')).statusCode).toBe(401);
    for (const t of [a, b]) {
      const locked = await signIn(t, victim.email, TEST_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ status: 0, message: SERVER_MSG.tooManyAttempts });
    }
    // a quarter of an hour later (by each instance's clock) the account opens again
    a.advance(16 * 60_000);
    b.advance(16 * 60_000);
    expect((await signIn(b, victim.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('reset mails per account are counted across instances (three an hour)', async () => {
    const member = await createMember(a, ROLE.Team);
    const forgot = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/admin/forgot-password', payload: { email: member.email } });
    for (const t of [a, b, a, b]) expect((await forgot(t)).statusCode).toBe(200);
    const requested = await a.app.ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('target', '=', member.email)
      .where('action', '=', AUDIT_ACTION.passwordResetRequested)
      .execute();
    expect(requested).toHaveLength(3);
  });

  it('keeps its keys under REDIS_PREFIX, with addresses of accounts as digests only', async () => {
    const keys = await redis.keys();
    expect(keys.some((key) => key.startsWith(`${redis.prefix}rate:`))).toBe(true);
    // (a sign-in that succeeds deletes its account's count; reset mails are never forgiven)
    expect(keys.some((key) => key.startsWith(`${redis.prefix}fail:reset-mail:`))).toBe(true);
    expect(keys.filter((key) => key.includes('@'))).toEqual([]);
    // every key expires by itself: Redis needs no persistence and no cleaning
    for (const key of keys) expect(await redis.client.pttl(key)).toBeGreaterThan(0);
  });
});

/** The log lines of an app, parsed. */
function logOf(lines: string[]) {
  const entries = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string });
  return {
    warnings: () => entries().filter((entry) => entry.level === 40 && entry.msg.startsWith(WARNING)),
    recoveries: () => entries().filter((entry) => entry.level === 30 && entry.msg.startsWith(RECOVERED)),
    errors: () => entries().filter((entry) => entry.level >= 50),
  };
}

/** Five sign-ins with a wrong password, then the right one: the lock must hold, by whatever counts. */
async function expectLockout(t: TestApp, ip: string): Promise<void> {
  const member = await createMember(t, ROLE.Team);
  for (let i = 0; i < 5; i += 1) expect((await signIn(t, member.email, `guess-${i}`, ip)).statusCode).toBe(401);
  expect((await signIn(t, member.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
}

/** Three tracks allowed a minute from one address, the fourth refused. */
async function expectPerIpLimit(t: TestApp, ip: string): Promise<void> {
  const order = await createOrder(t);
  const codes: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    codes.push((await front(t, 'track-order', { orderId: order.orderId, email: 'x@example.test' }, { ip })).statusCode);
  }
  expect(codes).toEqual([404, 404, 404, 429]);
}

describe('a Redis that is not there', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    // nothing listens on port 1: every connection is refused
    t = await buildTestApp(
      'sqlite',
      { REDIS_URL: 'redis://127.0.0.1:1', PUBLIC_RATE_LIMIT_PER_IP: '3' },
      { build: { logger: true, logStream: { write: (line: string) => lines.push(line) } } },
    );
  });
  afterAll(() => t?.close());

  it('leaves every limit in force in this process, answers no request with 500, and warns once', async () => {
    await expectPerIpLimit(t, '198.51.100.50');
    await expectLockout(t, '198.51.100.51');
    const log = logOf(lines);
    expect(log.errors()).toEqual([]);
    expect(log.warnings()).toHaveLength(1);
    expect(log.recoveries()).toEqual([]);
  });
});

/** A Redis that answered, then hangs (a stopped process, a network partition), then comes back. */
describe.skipIf(!TEST_REDIS_URL)('a Redis that stops answering', () => {
  let redis: SharedRedis;
  let relay: StallingRelay;
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    redis = await sharedRedis();
    relay = await startStallingRelay();
    t = await buildTestApp(
      'sqlite',
      { ...redis.env, REDIS_URL: relay.url, PUBLIC_RATE_LIMIT_PER_IP: '3' },
      { build: { logger: true, logStream: { write: (line: string) => lines.push(line) } } },
    );
  });
  afterAll(async () => {
    await t?.close();
    await relay?.close();
    await redis?.drop();
  });

  it('counts in this process while it hangs, warns once, and shares again when it is back', async () => {
    const log = logOf(lines);
    await createMember(t, ROLE.Team);
    expect(await redis.keys()).not.toEqual([]);
    expect(log.warnings()).toEqual([]);

    relay.stall();
    await expectPerIpLimit(t, '198.51.100.60');
    await expectLockout(t, '198.51.100.61');
    expect(log.errors()).toEqual([]);
    expect(log.warnings()).toHaveLength(1);

    relay.resume();
    // Redis is tried again two seconds after the last failure: ask until it answers
    const order = await createOrder(t);
    for (let waited = 0; log.recoveries().length === 0 && waited < 10_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await front(t, 'track-order', { orderId: order.orderId, email: 'x@example.test' }, { ip: '198.51.100.62' });
    }
    expect(log.recoveries()).toHaveLength(1);
    expect(log.warnings()).toHaveLength(1);
    const before = await redis.client.get(`${redis.prefix}rate:POST/api/front/track-order-198.51.100.62`);
    await front(t, 'track-order', { orderId: order.orderId, email: 'x@example.test' }, { ip: '198.51.100.62' });
    const after = await redis.client.get(`${redis.prefix}rate:POST/api/front/track-order-198.51.100.62`);
    expect(Number(after)).toBe(Number(before) + 1);
  });
});
