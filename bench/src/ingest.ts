import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DialectName } from '../../apps/server/src/db/dialect.ts';
import { startChild } from './children.ts';
import { cpuBetween, cpuSnapshot } from './cpu.ts';
import { onServer } from './databases.ts';
import { createRng, type Rng, zipf } from './rng.ts';

/** Orders pushed through the API: enough for a steady rate, few enough to keep the bench quick. */
export const INGEST_ORDERS = 20_000;
/** Orders a request, as issue 22 measured them: the most the API takes at once (INGEST_MAX_ORDERS). */
export const INGEST_BATCH = 1_000;
/** Requests in flight at once: one being parsed while the other is written. */
export const INGEST_IN_FLIGHT = 2;

export interface IngestFigure {
  orders: number;
  seconds: number;
  /** CPU seconds over the whole run: the server's and, on PostgreSQL, its backends' */
  cpu: { server: number; database: number };
}

const KEY = randomBytes(24).toString('hex');
const FIRST = ['James', 'Olivia', 'Wei', 'Aisha', 'Mateo', 'Sofia', 'Hiroshi', 'Fatima', 'Liam', 'Chloé', 'Arjun'];
const LAST = ['Smith', 'Nguyen', 'García', 'Müller', 'Kowalski', 'Okafor', 'Tanaka', 'Haddad', 'Rossi', 'Dubois'];
const NATIONALITIES = [
  'United States',
  'Canada',
  'Australia',
  'France',
  'Germany',
  'Japan',
  'Brazil',
  'India',
  'Mexico',
];

/** A name as a mailbox's local part: accents dropped (Chloé → chloe). */
const ascii = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** One order as an application website sends it: a new order with its purchase evidence, no images. */
function orderOf(rng: Rng, n: number, nationality: (rng: Rng) => string): Record<string, unknown> {
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  const priority = rng.chance(0.3);
  return {
    order_id: `UKETA-${String(90_000_000 + n)}`,
    first_name: first,
    sur_name: last,
    contact_email_address: `${ascii(first)}.${ascii(last)}.${n}@example.test`,
    phone_number: `7700${rng.chars(6, '0123456789')}`,
    country_code: 'US',
    nationality: nationality(rng),
    date_of_birth: `19${rng.int(50, 99)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`,
    // no column of its own: kept among the order's extra answers
    passport_number: rng.chars(9, 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'),
    intended_travel_date: `2026-0${rng.int(1, 9)}-2${rng.int(0, 8)}`,
    processing_type: priority ? 'priority' : 'standard',
    amount: priority ? 59.99 : 39.99,
    currency: 'GBP',
    purchase_ip: `203.0.113.${rng.int(1, 254)}`,
    purchase_user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36',
    three_ds_result: 'authenticated',
    payment_reference: `ch_${rng.chars(24, 'abcdefghijklmnopqrstuvwxyz0123456789')}`,
    payment_processor: 'stripe',
    card_last4: rng.chars(4, '0123456789'),
  };
}

/** The batches' bodies, made before the clock starts: the figure is the server's, not JSON.stringify's. */
function bodies(orders: number, seed: number): string[] {
  const rng = createRng(seed);
  const nationality = zipf(NATIONALITIES);
  const out: string[] = [];
  for (let i = 0; i < orders; i += INGEST_BATCH) {
    const batch = [];
    for (let n = i; n < Math.min(orders, i + INGEST_BATCH); n += 1) batch.push(orderOf(rng, n, nationality));
    out.push(JSON.stringify({ orders: batch }));
  }
  return out;
}

async function post(port: number, body: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}/api/integrations/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': KEY },
    body,
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`ingestion answered ${res.status}: ${text.slice(0, 300)}`);
}

/** A fresh, empty database of the bench's own: a data directory, and on PostgreSQL a new database. */
async function freshTarget(dialect: DialectName, adminUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `eta-ingest-${dialect}-`));
  if (dialect === 'sqlite') {
    return { dataDir, databaseUrl: '', cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  if (!adminUrl) throw new Error('PostgreSQL needs DATABASE_URL or TEST_DATABASE_URL');
  const name = `eta_ingest_${randomBytes(5).toString('hex')}`;
  const admin = (statement: string) => onServer(adminUrl, statement);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    cleanup: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Ingestion through the API (issue 22): `orders` new orders posted to POST /api/integrations/orders
 * in batches of 1,000, two requests in flight, against the real server on a fresh database of its
 * own (the server migrates it at start), timed from the first request to the last answer.
 */
export async function measureIngestion(
  dialect: DialectName,
  options: { orders?: number; seed?: number; adminUrl?: string },
): Promise<IngestFigure> {
  const orders = options.orders ?? INGEST_ORDERS;
  const batches = bodies(orders, options.seed ?? 22);
  const target = await freshTarget(dialect, options.adminUrl);
  try {
    const server = await startChild('server.ts', {
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      INGEST_API_KEY: KEY,
      LOG_LEVEL: 'warn',
      RETENTION_EVERY_MINUTES: '0',
      WORKERS: '1',
    });
    try {
      const before = await cpuSnapshot(server.pid, target.databaseUrl || null);
      const started = performance.now();
      let next = 0;
      const lane = async () => {
        while (next < batches.length) await post(server.port, batches[next++] as string);
      };
      await Promise.all(Array.from({ length: INGEST_IN_FLIGHT }, lane));
      const seconds = (performance.now() - started) / 1000;
      const cpu = cpuBetween(before, await cpuSnapshot(server.pid, target.databaseUrl || null));
      return { orders, seconds, cpu: { server: cpu.server, database: cpu.database } };
    } finally {
      await server.stop();
    }
  } finally {
    await target.cleanup();
  }
}
