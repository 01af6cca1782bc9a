import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { DialectName } from '../../apps/server/src/db/dialect.ts';
import { measureBrowser } from './browser.ts';
import { bundleSizes, ROOT } from './bundle.ts';
import { startChild } from './children.ts';
import { measureConversationDetail, prepareConversation } from './conversation.ts';
import { cpuBetween, cpuSnapshot } from './cpu.ts';
import { preparePostgres, prepareSqlite, type Target, warmPageCache } from './databases.ts';
import { createClient } from './http.ts';
import { INBOUND_PER_MINUTE, measureInbound } from './inbound.ts';
import { INGEST_ORDERS, measureIngestion } from './ingest.ts';
import { measureBare, measureLatencies } from './latency.ts';
import { LIVE_STREAMS, measureLive, openLiveStreams } from './live.ts';
import { checkMachine, describeCheck } from './machine.ts';
import { type Mailbox, NO_DOVECOT, startMailbox } from './mailbox.ts';
import { type Action, MIX, runBare, runMixed, type Throughput } from './mixed.ts';
import { loadPrevious } from './previous.ts';
import { measureRatios, RATIO_CONNECTIONS, RATIO_SECONDS } from './ratios.ts';
import { type CallCost, type DbResult, failures, renderReport } from './report.ts';
import { measureRetention, RETENTION_ORDERS } from './retention.ts';
import { openSession } from './session.ts';

const USAGE = `npm run bench -- [--orders N] [--samples N] [--duration S] [--connections N]
                      [--workers N] [--db sqlite|postgres|both] [--keep] [--seed N] [--build-web] [--out FILE]`;

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    samples: { type: 'string', default: '200' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '20' },
    workers: { type: 'string', default: '1' },
    db: { type: 'string' },
    keep: { type: 'boolean', default: false },
    seed: { type: 'string', default: '20261122' },
    'build-web': { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(ROOT, 'bench/results/latest.md') },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

function whole(name: string, raw: string, min: number, max: number): number {
  const n = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
  return n;
}

const orders = whole('orders', values.orders, 1_000, 10_000_000);
const samples = whole('samples', values.samples, 20, 100_000);
const seconds = whole('duration', values.duration, 1, 600);
const connections = whole('connections', values.connections, 1, 200);
const workers = whole('workers', values.workers, 1, 64);
const seed = whole('seed', values.seed, 0, 2 ** 31);
const adminUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const wanted = values.db ?? (adminUrl ? 'both' : 'sqlite');
const dialects: DialectName[] = wanted === 'both' ? ['sqlite', 'postgres'] : [wanted as DialectName];
if (!dialects.every((d) => d === 'sqlite' || d === 'postgres'))
  throw new Error('--db must be sqlite, postgres or both');
if (dialects.includes('postgres') && !adminUrl) throw new Error('PostgreSQL needs DATABASE_URL or TEST_DATABASE_URL');

async function serverVersion(target: Target): Promise<string> {
  if (target.dialect === 'sqlite') {
    const db = new SqliteDatabase(':memory:');
    const { v } = db.prepare('select sqlite_version() as v').get() as { v: string };
    db.close();
    return `SQLite ${v}`;
  }
  const client = new pg.Client({ connectionString: target.databaseUrl as string });
  await client.connect();
  const { rows } = await client.query('show server_version');
  // The share of a million orders PostgreSQL keeps in its own memory explains its long tails.
  const buffers = await client.query('show shared_buffers');
  // Off, dead rows pile up during the run: the counters are rewritten by every move and assignment.
  const autovacuum = await client.query('show autovacuum');
  await client.end();
  return `PostgreSQL ${rows[0].server_version}, shared_buffers ${buffers.rows[0].shared_buffers}, autovacuum ${autovacuum.rows[0].autovacuum}`;
}

async function benchOne(dialect: DialectName): Promise<DbResult> {
  console.log(`\n== ${dialect}: ${orders.toLocaleString('en')} orders`);
  const target =
    dialect === 'sqlite'
      ? await prepareSqlite({ orders, seed, keep: values.keep })
      : await preparePostgres({ orders, seed, keep: values.keep, adminUrl });
  const d = target.dataset;
  console.log(
    d.reused
      ? `  dataset kept from an earlier run in ${target.dataDir}`
      : `  generated in ${d.generateSeconds.toFixed(1)} s, imported in ${d.importSeconds.toFixed(1)} s`,
  );
  await warmPageCache(target);
  // DESIGN §25: the server reads a mailbox of its own throughout, as in production (idle but for issue 35's figures)
  const mailbox = await startMailbox();
  if (!mailbox) console.log(`  inbound mail figures ${NO_DOVECOT} (/usr/sbin/dovecot: apt-get install dovecot-imapd)`);
  const env: Record<string, string> = {
    DATA_DIR: target.dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    // every member signs in from this one address
    LOGIN_RATE_LIMIT_PER_IP: '100000',
    // the bench's members sign in with a password alone: it measures the work, not the enrolment
    REQUIRE_2FA: '',
    // the dataset is three years of finished orders: a retention pass would rewrite most of it mid-run
    RETENTION_EVERY_MINUTES: '0',
    WORKERS: String(workers),
    ...mailbox?.env,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  };
  const server = await startChild('server.ts', target.databaseUrl ? env : { ...env, DATABASE_URL: '' }).catch(
    async (error) => {
      // dovecot is a process of its own: it would outlive the bench
      await mailbox?.stop();
      throw error;
    },
  );
  const bare = await startChild('bare.ts', {});
  const client = createClient(server.port);
  const bareClient = createClient(bare.port);
  let streams: Awaited<ReturnType<typeof openLiveStreams>> = [];
  try {
    const session = await openSession(client);
    if (process.env.BENCH_RATIOS_ONLY) {
      const ratios = await measureRatios(
        session,
        { server: server.port, bare: bare.port },
        Math.min(RATIO_SECONDS, seconds),
      );
      // one line a route, read by compare.ts
      for (const r of ratios)
        console.log(
          `  RATIO ${r.key} ${Math.round(r.requestsPerSecond)} req/s, bare ${Math.round(r.bareRequestsPerSecond)}, ratio ${r.ratio.toFixed(3)}, ${r.errors} errors`,
        );
      return await quietExit(server, target, mailbox);
    }
    if (process.env.BENCH_MIXED_ONLY) {
      await bare.stop();
      // as in the full run, unless BENCH_LIVE_STREAMS=0: the streams' share of the cost shows
      if (process.env.BENCH_LIVE_STREAMS !== '0') streams = await openLiveStreams(server.port, session.staff);
      return await mixedOnly(session, server, target, mailbox);
    }
    // issue 35: one order's conversation, read in by the server's reader before anything is measured
    const conversationStarted = Date.now();
    const conversationOrder = mailbox ? await prepareConversation(client, session, target, mailbox) : null;
    if (conversationOrder)
      console.log(
        `  conversation of ${conversationOrder}: read in by the server's reader in ${((Date.now() - conversationStarted) / 1000).toFixed(1)} s`,
      );
    // DESIGN §20: every figure from here on is measured with a hundred live streams open
    console.log(`  live: ${LIVE_STREAMS} streams open, a change timed to every other member's stream…`);
    streams = await openLiveStreams(server.port, session.staff);
    const live = await measureLive(client, session, streams, samples);
    console.log('  measuring latencies…');
    const latencies = await measureLatencies(client, session, samples);
    // beside the dataset's own order detail figure, with the same budget
    latencies.splice(
      latencies.findIndex((f) => f.key === 'detail') + 1,
      0,
      await measureConversationDetail(client, session, conversationOrder, samples),
    );
    const bareLatency = await measureBare(bareClient, samples);
    console.log('  in Chromium: sidebar folders and order detail…');
    const browser = await measureBrowser(server.port, session, samples);
    console.log(`  mixed workload: ${connections} connections for ${seconds} s…`);
    const mixed = await loadWithCpu(session, server, target, { seconds });
    const bareLoad = await runBare({ port: bare.port, connections, seconds });
    let inbound = null;
    if (mailbox) {
      console.log(`  mixed workload again, inbound mail at ${INBOUND_PER_MINUTE.toLocaleString('en')} a minute…`);
      inbound = await measureInbound(session, target, mailbox, {
        seconds,
        seed,
        jwtSecret: env.JWT_SECRET as string,
        load: () => loadWithCpu(session, server, target, { seconds }),
      });
    }
    console.log('  each call of the mix alone…');
    const callCosts = await measureCallCosts(session, server, target);
    const ratioSeconds = Math.min(RATIO_SECONDS, seconds);
    console.log(
      `  throughput beside the bare route: ${RATIO_CONNECTIONS} connections, ${ratioSeconds} s a run, alternated…`,
    );
    const ratios = await measureRatios(session, { server: server.port, bare: bare.port }, ratioSeconds);
    console.log(`  a retention pass over up to ${RETENTION_ORDERS.toLocaleString('en')} expired orders…`);
    const retention = await measureRetention(client, session, target, env.JWT_SECRET as string);
    return {
      target,
      latencies,
      bareLatency,
      browser,
      live,
      mixed,
      bare: bareLoad,
      peakMemory: server.peakMemory(),
      privateMemory: server.privateMemory(),
      serverVersion: await serverVersion(target),
      callCosts,
      ratios,
      retention,
      inbound,
      ingestion: null,
    };
  } finally {
    for (const stream of streams) stream.close();
    client.close();
    bareClient.close();
    await server.stop();
    await bare.stop();
    await mailbox?.stop();
    await target.cleanup();
  }
}

type Session = Awaited<ReturnType<typeof openSession>>;
type Server = Awaited<ReturnType<typeof startChild>>;

/** A load run with the CPU it cost: server and database milliseconds a request (cpu.ts). */
async function loadWithCpu(
  session: Session,
  server: Server,
  target: Target,
  options: { seconds: number; only?: Action },
): Promise<Throughput & { cpuMsPerRequest: { server: number; database: number } }> {
  const before = await cpuSnapshot(server.pid, target.databaseUrl);
  const run = await runMixed(session, { port: server.port, connections, ...options });
  const cpu = cpuBetween(before, await cpuSnapshot(server.pid, target.databaseUrl));
  const total = Math.max(1, run.total);
  return {
    ...run,
    cpuMsPerRequest: { server: (cpu.server * 1000) / total, database: (cpu.database * 1000) / total },
    stolenShare: cpu.stolenShare,
  };
}

/** seconds each call of the mix runs alone for its CPU cost */
const CALL_COST_SECONDS = 5;

/**
 * The CPU cost of each call of the mix, run alone by the same connections: what makes the mixed
 * figure what it is. Reports are left out (only a few members may run them; their latency is above).
 */
async function measureCallCosts(session: Session, server: Server, target: Target): Promise<CallCost[]> {
  const costs: CallCost[] = [];
  for (const { value: action, weight } of MIX) {
    if (action === 'report') continue;
    const run = await loadWithCpu(session, server, target, {
      seconds: Math.min(CALL_COST_SECONDS, seconds),
      only: action,
    });
    costs.push({
      action,
      weight,
      requestsPerSecond: run.requestsPerSecond,
      errors: run.errors,
      ...run.cpuMsPerRequest,
    });
  }
  return costs;
}

const stolen = (share: number | null | undefined) =>
  share === null || share === undefined ? '' : `; ${(share * 100).toFixed(1)}% of the machine's time stolen`;

/** BENCH_MIXED_ONLY=1: the mixed workload alone, printed, no report (compare.ts reads it). */
async function mixedOnly(session: Session, server: Server, target: Target, mailbox: Mailbox | null): Promise<never> {
  const mixed = await loadWithCpu(session, server, target, { seconds });
  const { server: serverMs, database } = mixed.cpuMsPerRequest;
  console.log(
    `  MIXED ${Math.round(mixed.requestsPerSecond)} req/s, ${mixed.errors} errors; CPU ms/request: server ${serverMs.toFixed(3)}, database ${database.toFixed(3)}${stolen(mixed.stolenShare)}`,
  );
  return await quietExit(server, target, mailbox);
}

/** The end of a run that writes no report: the machine check once the server and database are quiet. */
async function quietExit(server: Server, target: Target, mailbox: Mailbox | null): Promise<never> {
  await server.stop();
  await mailbox?.stop();
  await target.cleanup();
  // once the server and the database are quiet: it measures the machine, not the run
  console.log(`  machine check: ${describeCheck(checkMachine())}`);
  process.exit(0);
}

const started = Date.now();
const startCheck = checkMachine();
console.log(`machine check: ${describeCheck(startCheck)}`);
const bundles = bundleSizes(values['build-web']);
const results: DbResult[] = [];
for (const dialect of dialects) {
  const result = await benchOne(dialect);
  // on a fresh database of its own, once the dataset's server has stopped: nothing else runs beside it
  console.log(`  ingestion through the API: ${INGEST_ORDERS.toLocaleString('en')} orders on a fresh database…`);
  results.push({ ...result, ingestion: await measureIngestion(dialect, { seed, adminUrl }) });
}
const endCheck = checkMachine();
console.log(`machine check: ${describeCheck(endCheck)}`);
const info = {
  orders,
  samples,
  connections,
  seconds,
  workers,
  startedAt: new Date(started).toISOString().replace(/\.\d+Z$/, 'Z'),
  minutes: (Date.now() - started) / 60_000,
  machine: `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}`,
  checks: { start: startCheck, end: endCheck },
  bundles,
};
// read before the new report overwrites the file: the committed one, each figure shown beside ours
const report = renderReport(results, info, loadPrevious(values.out));
mkdirSync(path.dirname(values.out), { recursive: true });
writeFileSync(values.out, report);
console.log(`\n${report}`);
console.log(`written to ${path.relative(process.cwd(), values.out) || values.out}`);
process.exitCode = failures(results, info).length > 0 ? 1 : 0;
