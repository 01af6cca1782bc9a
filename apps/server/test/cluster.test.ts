import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEvent, openLive } from './live-client.ts';
import { buildOrder } from './orders-fixtures.ts';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');

/** The workers of a process, from /proc (Linux). */
const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);

/** GET on a new connection (a kept-alive one may belong to a worker that was just killed). */
const statusOf = (url: string): Promise<number> =>
  new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });

async function until<T>(probe: () => T | undefined, what: string, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const INGEST = 'cluster-ingest-key-0123456789abcdef';

/** POST on a new connection: the primary hands each new connection to the next worker in turn. */
const postOnNewConnection = (url: string, body: unknown, headers: Record<string, string>): Promise<number> =>
  new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });

/** `npm start` with WORKERS=2: one primary that migrates and seeds, two workers sharing the port. */
describe('several server processes (WORKERS)', () => {
  let server: ChildProcess;
  let output = '';
  let base = '';
  beforeAll(async () => {
    server = spawn(process.execPath, [MAIN, 'start'], {
      env: {
        ...process.env,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'eta-cluster-')),
        DATABASE_URL: '',
        WORKERS: '2',
        PORT: '0',
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'c'.repeat(40),
        ADMIN_EMAIL: 'admin@cluster.test',
        ADMIN_PASSWORD: 'Cluster#123',
        INGEST_API_KEY: INGEST,
        REQUIRE_2FA: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    server.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    base = await until(() => /running \(2 server processes\): sign in at (\S+)\//.exec(output)?.[1], 'the server');
  }, 40_000);
  afterAll(() => {
    if (server.exitCode === null) server.kill('SIGKILL');
  });

  const signIn = () =>
    fetch(`${base}/api/admin/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@cluster.test', password: 'Cluster#123' }),
    });

  it('creates the first Admin once and serves from both workers', async () => {
    expect(output.match(/First Admin account created/g)).toHaveLength(1);
    expect(childrenOf(server.pid as number)).toHaveLength(2);
    // New connections are handed to the workers in turn; every one answers.
    for (let i = 0; i < 6; i += 1) {
      const res = await signIn();
      expect(res.status).toBe(200);
      expect(((await res.json()) as { status: number }).status).toBe(1);
    }
  });

  it('a change made through either worker reaches a live stream held by the other', async () => {
    const { data } = (await (await signIn()).json()) as { data: { jwtToken: string } };
    const live = await openLive(base, data.jwtToken);
    expect(live.status).toBe(200);
    await live.next(isEvent('ready'));
    // four orders on four new connections: two of them are taken by the worker without the stream
    const orders = Array.from({ length: 4 }, (_, i) => buildOrder({ order_id: `UKETA-${80_000_000 + i}` }));
    for (const order of orders) {
      expect(await postOnNewConnection(`${base}/api/integrations/orders`, order, { 'x-api-key': INGEST })).toBe(201);
    }
    for (const order of orders)
      await live.next(
        isEvent('order', (d) => d.orderId === order.order_id),
        10_000,
      );
    await live.next(
      isEvent('counts', (c) => c.newOrdersCount === 4),
      10_000,
    );
    live.close();
  }, 40_000);

  it('replaces a worker that dies and serves on', async () => {
    const [victim, survivor] = childrenOf(server.pid as number) as [number, number];
    process.kill(victim, 'SIGKILL');
    const now = await until(() => {
      const pids = childrenOf(server.pid as number);
      return pids.length === 2 && !pids.includes(victim) ? pids : undefined;
    }, 'a replacement worker');
    expect(now).toContain(survivor);
    expect(output).toContain(`worker ${victim} exited (SIGKILL)`);
    for (let i = 0; i < 4; i += 1) expect(await statusOf(`${base}/healthz`)).toBe(200);
  }, 40_000);

  it('stops every worker on SIGTERM and exits cleanly', async () => {
    const workers = childrenOf(server.pid as number);
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  }, 40_000);
});
