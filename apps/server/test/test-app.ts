import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROLE, type Role } from '@eta/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { describe } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { DialectName } from '../src/db/dialect.ts';
import { nowIso } from '../src/lib/time.ts';
import * as staffRepo from '../src/modules/staff/staff.repository.ts';
import { seedGateways } from '../src/seed/gateways.ts';

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (DESIGN §12). TEST_DIALECTS=postgres
 * narrows a run to PostgreSQL: CI's second run, after a first one on SQLite alone.
 */
export const DIALECTS: DialectName[] = chosenDialects();

function chosenDialects(): DialectName[] {
  const available: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const only = process.env.TEST_DIALECTS;
  if (!only) return available;
  const wanted = only.split(',').map((d) => d.trim());
  for (const dialect of wanted) {
    if (!available.includes(dialect as DialectName)) {
      throw new Error(`TEST_DIALECTS names ${dialect}, which this run cannot reach (TEST_DATABASE_URL unset?)`);
    }
  }
  return available.filter((d) => wanted.includes(d));
}

export function describeEachDialect(name: string, body: (dialect: DialectName) => void): void {
  for (const dialect of DIALECTS) describe(`${name} [${dialect}]`, () => body(dialect));
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** moves the app's clock forward */
  advance(ms: number): void;
  /** `keepStorage`: leave the database and DATA_DIR for another app (a restart); `storage` then owns them */
  close(options?: { keepStorage?: boolean }): Promise<void>;
  storage: TestStorage;
}

/** A test app's database and DATA_DIR, and the settings that must survive a restart. */
export interface TestStorage {
  dataDir: string;
  jwtSecret: string;
  pgDb: { url: string; drop: () => Promise<void> } | null;
}

export interface TestAppOptions {
  /** build on the storage of an app closed with `keepStorage` (a restart) */
  reuse?: TestStorage;
  /** buildApp options; the mail worker is off unless given here (tests drain the outbox themselves) */
  build?: Partial<BuildOptions>;
  /** fix the app's clock at this instant (ms since the epoch): it then stands still but for advance() */
  clockStart?: number;
}

/** A fresh PostgreSQL database for one test file, dropped at close. */
export async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `eta_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Builds the real app on a new, migrated database; argon2 is lighter so tests stay quick. */
export async function buildTestApp(
  dialect: DialectName,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = options.reuse?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'eta-test-'));
  const pgDb = options.reuse ? options.reuse.pgDb : dialect === 'postgres' ? await createPgDatabase() : null;
  const jwtSecret = options.reuse?.jwtSecret ?? randomBytes(32).toString('hex');
  const base = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    // two-factor sign-in asked of nobody unless a test says so (accounts tests set REQUIRE_2FA)
    REQUIRE_2FA: '',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const config: Config = Object.freeze({ ...base, argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 } });
  let offset = 0;
  const app = await buildApp(config, {
    serveWeb: false,
    logger: false,
    clock: () => (options.clockStart ?? Date.now()) + offset,
    mailWorker: false,
    retentionJob: false,
    orphanSweepJob: false,
    claimLeaseJob: false,
    // the refund worker too is drained by the tests themselves (DESIGN §26)
    processor: { refundWorker: false },
    inboundReader: false,
    // Every JSON reply a test receives has been checked against its contract's response schema.
    checkReplies: true,
    ...options.build,
  });
  await seedGateways(app.ctx);
  return {
    app,
    config,
    storage: { dataDir, jwtSecret, pgDb },
    advance: (ms) => {
      offset += ms;
    },
    async close(closeOptions = {}) {
      await app.close();
      if (closeOptions.keepStorage) return;
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const TEST_PASSWORD = 'Secret#123';

export interface Member {
  id: number;
  email: string;
  name: string;
  type: Role;
  token: string;
}

let memberSeq = 0;

/** Creates a staff member directly and signs them in through the real login route. */
export async function createMember(t: TestApp, type: Role = ROLE.Admin, name?: string): Promise<Member> {
  memberSeq += 1;
  const slug = type.toLowerCase().replace(/\s+/g, '-');
  const email = `${slug}${memberSeq}@example.test`;
  const memberName = name ?? `${type} ${memberSeq}`;
  const at = nowIso();
  const id = await staffRepo.insert(t.app.ctx.db, {
    name: memberName,
    email,
    type,
    password_hash: await t.app.ctx.passwords.hash(TEST_PASSWORD),
    created_at: at,
    updated_at: at,
  });
  const token = await login(t, email, TEST_PASSWORD);
  return { id, email, name: memberName, type, token };
}

export async function login(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json().data.jwtToken;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An API call as the web makes it: token in Authorization with no prefix. */
export function call(
  t: TestApp,
  method: Method,
  url: string,
  token?: string | null,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/**
 * "Confirm it is you" (DESIGN §22) for the session of `token`: the routes that ask for it (password,
 * 2FA off, recovery codes, erasure, subject export, gateway, an Admin added or changed) then pass for
 * the next 10 minutes of the app's clock.
 */
export async function reauth(t: TestApp, token: string, password = TEST_PASSWORD): Promise<void> {
  const res = await call(t, 'POST', '/api/admin/reauth', token, { password });
  if (res.statusCode !== 200) throw new Error(`reauth failed: ${res.body}`);
}
