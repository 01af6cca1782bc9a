import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../../context.ts';
import type { PoolStats } from '../../db/connect.ts';
import { AppError } from '../../lib/app-error.ts';
import { outboxBacklog } from '../mail/index.ts';
import { RETENTION_KINDS } from '../privacy/index.ts';

export const METRICS_PATH = '/metrics';
export const METRICS_TOKEN_REFUSED = 'A valid metrics token is required.';
/** the route label of a request no route matched: raw URLs would make a series per scanner's guess */
export const UNMATCHED_ROUTE = 'unmatched';

/** What the metrics read from the rest of the app at scrape time. */
export interface MetricsSources {
  /** open live streams in this process (the live hub's size) */
  liveClients: () => number;
  /** PostgreSQL's pool; absent on SQLite */
  poolStats?: () => PoolStats;
  /** log lines this process dropped because its log output stopped draining (lib/log-output.ts) */
  logLinesDropped: () => number;
}

/** Seconds; finer below 50 ms, where DESIGN §11's budgets sit. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Bearer token against METRICS_TOKEN in constant time: both sides hashed, so lengths never differ. */
function tokenMatches(request: FastifyRequest, expected: Buffer): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), expected);
}

/**
 * GET /metrics (DESIGN §19): Prometheus text for this process. Registered only with METRICS_TOKEN
 * set, so without it the path is as unknown as any other and requests pay nothing. The registry is
 * the app's own (two apps in one process, as in tests, never share a series); the outbox is read
 * from the database at scrape time, everything else is kept in memory.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext, sources: MetricsSources): void {
  const token = ctx.config.metricsToken;
  if (!token) return;
  const expected = digest(token);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its reply sent, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  // One observation per request, nothing more: routeOptions.url is the pattern (`/api/…/:orderId`).
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
    duration.observe(
      { route, method: request.method, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const pending = new Gauge({ name: 'outbox_pending', help: 'Mails queued or being sent', registers });
  const oldest = new Gauge({
    name: 'outbox_oldest_pending_seconds',
    help: 'Age of the oldest pending mail since it was queued; 0 when none is pending',
    registers,
  });
  const failed = new Gauge({
    name: 'outbox_failed_total',
    help: 'Mails given up after their attempts and not queued again (falls when one is retried)',
    registers,
  });
  const live = new Gauge({ name: 'live_clients', help: 'Open live streams in this process', registers });
  const removed = new Counter({
    name: 'retention_removed_total',
    help: 'What retention passes in this process removed, by kind',
    labelNames: ['kind'] as const,
    registers,
  });
  // Every kind is shown from the start (at 0), so a rate() has a series before the first pass.
  for (const kind of Object.values(RETENTION_KINDS)) removed.labels(kind).inc(0);
  ctx.events.subscribe('retention.passed', (event) => {
    for (const [kind, count] of Object.entries(event.removed)) removed.labels(kind).inc(count);
  });
  const readPool = sources.poolStats ? registerPoolGauges(registers) : null;
  const logDropped = new Counter({
    name: 'log_lines_dropped_total',
    help: 'Log lines dropped because the log output (stdout) stopped taking them (DESIGN §22)',
    registers,
  });
  let logDroppedShown = 0;

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!tokenMatches(request, expected)) {
      reply.header('www-authenticate', 'Bearer');
      throw AppError.unauthorized(METRICS_TOKEN_REFUSED);
    }
    try {
      const backlog = await outboxBacklog(ctx.db);
      pending.set(backlog.pending);
      oldest.set(backlog.oldestPendingAt ? Math.max(0, (ctx.clock() - Date.parse(backlog.oldestPendingAt)) / 1000) : 0);
      failed.set(backlog.failed);
    } catch (error) {
      // The process metrics still go out: a database down is exactly when they are wanted.
      request.log.warn({ err: error }, 'metrics: outbox not read');
      for (const gauge of [pending, oldest, failed]) gauge.set(Number.NaN);
    }
    live.set(sources.liveClients());
    const logDroppedNow = sources.logLinesDropped();
    logDropped.inc(logDroppedNow - logDroppedShown);
    logDroppedShown = logDroppedNow;
    if (readPool && sources.poolStats) readPool(sources.poolStats());
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

/** db_pool_*: PostgreSQL's pool of this process (the LISTEN connections are outside it). */
function registerPoolGauges(registers: Registry[]) {
  const total = new Gauge({ name: 'db_pool_total', help: 'Connections the pool holds', registers });
  const idle = new Gauge({ name: 'db_pool_idle', help: 'Pooled connections not in use', registers });
  const waiting = new Gauge({ name: 'db_pool_waiting', help: 'Queries waiting for a connection', registers });
  return (stats: PoolStats) => {
    total.set(stats.total);
    idle.set(stats.idle);
    waiting.set(stats.waiting);
  };
}
