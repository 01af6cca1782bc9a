import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROLE } from '@eta/shared';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConnectionFailure, isDatabaseUnavailable, markFromDatabase } from '../src/lib/database-unavailable.ts';
import { buildOrder, INGEST_KEY } from './orders-fixtures.ts';
import { expectHonestOutage, type Instance, readJson, sleep, type Target, underLoad, until } from './outage-load.ts';
import { type PrivatePostgres, privatePostgresAvailable, startPrivatePostgres } from './private-postgres.ts';
import { buildTestApp, createMember, type TestApp } from './test-app.ts';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
const ADMIN = { email: 'admin@restart.test', password: 'Restart#123' };
/** DESIGN §22: a log line is a line, never a dump of a client or connection object */
const LONGEST_LOG_LINE = 2048;
const DUMPED = /password|connectionParameters|"client":\{|_events|"ssl":/i;

/** A port nothing listens on (taken, then let go). */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** What a real failure looks like: `work`'s rejection. */
async function failureOf(work: () => Promise<unknown>): Promise<Error> {
  try {
    await work();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

const pgError = (message: string, code: string) => Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });

describe('what counts as the database being away (every machine)', () => {
  it('a PostgreSQL connection refused, ended by the server or cut counts, once it came from the database', async () => {
    const port = await closedPort();
    const refused = await failureOf(() =>
      new pg.Client({ connectionString: `postgres://x@127.0.0.1:${port}/x` }).connect(),
    );
    const failures = [
      refused,
      pgError('terminating connection due to administrator command', '57P01'),
      pgError('the database system is starting up', '57P03'),
      pgError('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
    ];
    for (const error of failures) {
      expect(isConnectionFailure(error), error.message).toBe(true);
      expect(isDatabaseUnavailable(error), error.message).toBe(false);
      expect(isDatabaseUnavailable(markFromDatabase(error)), error.message).toBe(true);
    }
  });

  it("neither SQLite's errors, a PostgreSQL refusal of the statement, nor another server's refused connection do", async () => {
    const sqlite = new SqliteDatabase(':memory:');
    sqlite.exec('create table t (id integer primary key)');
    sqlite.exec('insert into t values (1)');
    const constraint = await failureOf(async () => sqlite.exec('insert into t values (1)'));
    const missing = await failureOf(async () => sqlite.exec('select * from nowhere'));
    sqlite.close();
    const closed = await failureOf(async () => sqlite.exec('select 1'));
    const port = await closedPort();
    const elsewhere = await failureOf(
      () => new Promise((resolve, reject) => net.connect(port, '127.0.0.1').on('connect', resolve).on('error', reject)),
    );
    for (const error of [constraint, missing, closed]) {
      expect(isDatabaseUnavailable(markFromDatabase(error)), error.message).toBe(false);
    }
    expect(isDatabaseUnavailable(markFromDatabase(pgError('duplicate key value', '23505')))).toBe(false);
    // refused like a database would be, but not the database's: never "The database is not answering"
    expect(isConnectionFailure(elsewhere)).toBe(true);
    expect(isDatabaseUnavailable(elsewhere)).toBe(false);
  });

  it("the app's log writes an error that carries its connection as a short line without the connection", async () => {
    const lines: string[] = [];
    const t = await buildTestApp(
      'sqlite',
      {},
      { build: { logger: true, logStream: { write: (line) => void lines.push(line) } } },
    );
    try {
      const client = new pg.Client({ connectionString: 'postgres://someone:s3cret-pw@db.example.test:5432/eta' });
      // as pg-pool reports a connection that died idle: the error carries the whole client
      const idle = Object.assign(new Error('Connection terminated unexpectedly'), { client });
      const refused = Object.assign(pgError('duplicate key value violates unique constraint', '23505'), {
        constraint: 'orders_order_id_key',
        client,
      });
      t.app.log.warn({ err: idle }, 'idle database connection lost');
      t.app.log.error({ err: refused }, 'unhandled error');
      const logged = lines.filter((line) => /idle database connection lost|unhandled error/.test(line));
      expect(logged).toHaveLength(2);
      for (const line of logged) {
        expect(Buffer.byteLength(line)).toBeLessThan(LONGEST_LOG_LINE);
        expect(line).not.toMatch(/s3cret|someone|db\.example|connectionParameters/);
      }
      const [first, second] = logged.map((line) => JSON.parse(line).err);
      expect(first).toEqual({ type: 'Error', message: 'Connection terminated unexpectedly' });
      expect(second).toMatchObject({ code: '23505', constraint: 'orders_order_id_key' });
      expect(second.stack).toContain('duplicate key value');
    } finally {
      await t.close();
    }
  });
});

/**
 * DESIGN §22, "The database goes away and comes back" (issue 31): two instances on one PostgreSQL of
 * the test's own (the shared one serves other test files), one the app in this process and one a
 * real server process, under writes from several clients each.
 */
const onPrivatePostgres = privatePostgresAvailable() ? describe : () => {};

onPrivatePostgres('PostgreSQL restarted and connections killed under load [postgres]', () => {
  let server: PrivatePostgres;
  let inProcess: TestApp;
  const inProcessLog: string[] = [];
  let child: ChildProcess;
  let childOutput = '';
  let targets: Target[];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eta-restart-'));

  beforeAll(async () => {
    server = await startPrivatePostgres();
    await server.createDatabase('eta');
    const url = server.url('eta');
    inProcess = await buildTestApp(
      'postgres',
      { INGEST_API_KEY: INGEST_KEY, LOG_LEVEL: 'info' },
      {
        reuse: { dataDir, jwtSecret: 'r'.repeat(40), pgDb: { url, drop: async () => {} } },
        build: { logger: true, logStream: { write: (line) => void inProcessLog.push(line) } },
      },
    );
    child = spawn(process.execPath, [MAIN, 'start'], {
      env: {
        ...process.env,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'eta-restart-child-')),
        DATABASE_URL: url,
        PORT: '0',
        WORKERS: '1',
        LOG_LEVEL: 'info',
        JWT_SECRET: 'r'.repeat(40),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        INGEST_API_KEY: INGEST_KEY,
        REQUIRE_2FA: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      childOutput += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      childOutput += chunk;
    });
    let base = '';
    await until(() => {
      base = /sign in at (\S+)\//.exec(childOutput)?.[1] ?? '';
      return base !== '' || child.exitCode !== null;
    }, 'the server process');
    expect(child.exitCode).toBeNull();

    const inject: Instance = {
      name: 'in-process',
      async request(method, url, headers, body) {
        const res = await inProcess.app.inject({ method, url, headers, ...(body ? { payload: body as object } : {}) });
        const retry = res.headers['retry-after'];
        return { status: res.statusCode, retryAfter: retry ? String(retry) : null, body: readJson(res.body) };
      },
    };
    const overHttp: Instance = {
      name: 'server process',
      async request(method, url, headers, body) {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        }).catch(() => null);
        // no answer at all: the process is gone (asserted below), status 0 says so in the outcomes
        if (!res) return { status: 0, retryAfter: null, body: {} };
        return { status: res.status, retryAfter: res.headers.get('retry-after'), body: readJson(await res.text()) };
      },
    };
    const member = await createMember(inProcess, ROLE.Admin);
    const signIn = await overHttp.request('POST', '/api/admin/admin-login', {}, ADMIN);
    const childToken = (signIn.body as { data?: { jwtToken?: string } }).data?.jwtToken as string;
    const orders = [buildOrder(), buildOrder()];
    for (const order of orders) {
      expect(
        (await inject.request('POST', '/api/integrations/orders', { 'x-api-key': INGEST_KEY }, order)).status,
      ).toBe(201);
    }
    targets = [
      { instance: inject, token: member.token, orderId: orders[0]?.order_id as string },
      { instance: overHttp, token: childToken, orderId: orders[1]?.order_id as string },
    ];
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await inProcess?.close({ keepStorage: true });
    server?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a restart under load: both instances stay up, answer 503 with Retry-After while it is away, write again after, lose nothing acknowledged', async () => {
    const outcomes = await underLoad(targets, 6, async () => {
      server.stop();
      await sleep(1500);
      server.start();
    });
    expect(child.exitCode).toBeNull();
    await expectHonestOutage(outcomes, server.url('eta'), 'seen');
  }, 120_000);

  it('connections ended by pg_terminate_backend under load: the same', async () => {
    const outcomes = await underLoad(targets, 6, async () => {
      for (let i = 0; i < 3; i += 1) {
        await server.terminateSessions();
        await sleep(150);
      }
    });
    expect(child.exitCode).toBeNull();
    // a killed connection is replaced at the next request: only the requests that held one answer 503
    await expectHonestOutage(outcomes, server.url('eta'), 'maybe');
  }, 120_000);

  it('the logs of both instances hold no dumped client and no line over 2 kB', () => {
    // the server process's log lines (JSON), beside its start-up announcements on the same stdout
    const lines = [...inProcessLog, ...childOutput.split('\n')].filter((line) => line.startsWith('{'));
    expect(lines.some((line) => line.includes('"msg":"database unavailable"'))).toBe(true);
    expect(Math.max(...lines.map((line) => Buffer.byteLength(line)))).toBeLessThanOrEqual(LONGEST_LOG_LINE);
    expect(lines.filter((line) => DUMPED.test(line))).toEqual([]);
  });
});
