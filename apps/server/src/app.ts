import path from 'node:path';
import { SERVER_MSG } from '@eta/shared';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { doesMaintenance } from './cluster.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { connect, SQLITE_FILE } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { analyzeAfterArrivals, warnWhenAutovacuumOff } from './db/pg-upkeep.ts';
import { createDomainEvents } from './lib/domain-events.ts';
import { limitsFor } from './lib/limits.ts';
import { logErrorSerializer } from './lib/log-error.ts';
import { droppedLogLines, stdoutLog } from './lib/log-output.ts';
import { serializeRequestForLog } from './lib/logged-url.ts';
import { openFileStore } from './lib/open-file-store.ts';
import { createPdfSlots } from './lib/pdf/slots.ts';
import { checkingSerializer, plainSerializer } from './lib/reply-serializers.ts';
import { createTransactions } from './lib/transaction.ts';
import { accountPublicRoutes, accountRoutes, directSessions, listeningSessions } from './modules/accounts/index.ts';
import { authPublicRoutes, authStaffRoutes, createPasswordHasher, createTokenService } from './modules/auth/index.ts';
import { type ClaimLeaseJobOptions, claimRoutes, registerClaimLeaseJob } from './modules/claims/index.ts';
import { defenceRoutes } from './modules/defence/index.ts';
import { detailRoutes } from './modules/detail/index.ts';
import { disputeIntakeRoutes, disputeRoutes } from './modules/disputes/index.ts';
import { documentRoutes } from './modules/documents/index.ts';
import { featureRoutes } from './modules/features/index.ts';
import { followUpRoutes } from './modules/follow-ups/index.ts';
import { gatewayRoutes } from './modules/gateways/index.ts';
import { inboundRoutes, registerInboundReader, templateRoutes } from './modules/inbox/index.ts';
import { ingestRoutes } from './modules/ingest/index.ts';
import { invoiceRoutes } from './modules/invoices/index.ts';
import { createLiveHub, type LiveHubOptions, liveRoutes } from './modules/live/index.ts';
import { type MailWorkerOptions, mailRoutes, registerMailWorker } from './modules/mail/index.ts';
import { registerMetrics, registerReadiness } from './modules/monitoring/index.ts';
import { notificationRoutes, subscribeCustomerReplies } from './modules/notifications/index.ts';
import {
  createTimedCountsKeep,
  orderRoutes,
  registerSearchIndexMaintenance,
  type SearchIndexSchedule,
  subscribeOrders,
} from './modules/orders/index.ts';
import { privacyRoutes, recordPersonalDataReads, registerRetentionJob } from './modules/privacy/index.ts';
import {
  type ProcessorOptions,
  processorRoutes,
  processorStripeEvents,
  registerProcessor,
} from './modules/processor/index.ts';
import { publicRoutes } from './modules/public/index.ts';
import { remarkRoutes } from './modules/remarks/index.ts';
import { reportRoutes } from './modules/reports/index.ts';
import { directMembers, listeningMembers } from './modules/staff/index.ts';
import { registerOrphanSweepJob } from './modules/storage/index.ts';
import { teamRoutes } from './modules/team/index.ts';
import { viewRoutes } from './modules/views/index.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { registerErrorEnvelope } from './plugins/errors.ts';
import { guardInput } from './plugins/input-guard.ts';
import { isPublicLink, NOT_FOUND_PAGE, wantsPage } from './plugins/not-found-page.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { guardStaffRoutes } from './plugins/staff-guard.ts';
import { serveWebApp } from './plugins/web-app.ts';
import { liveTransportFor, strategiesFor } from './strategies.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/**
 * A one-off command's app (migrate, seed, retention, the primary's setup before its workers): no web
 * app, no log, and none of the background work a serving instance does.
 */
export const ONE_OFF_APP = {
  serveWeb: false,
  logger: false,
  mailWorker: false,
  retentionJob: false,
  orphanSweepJob: false,
  processor: { refundWorker: false },
  inboundReader: false,
} as const satisfies Partial<BuildOptions>;

export interface BuildOptions {
  /** false in tests that only exercise the API */
  serveWeb?: boolean;
  logger?: boolean;
  /** where the log lines go (tests read them); default stdout */
  logStream?: { write(line: string): void };
  clock?: () => number;
  /** the mail outbox worker (DESIGN §9): started when the app is ready; false: not started (tests drain it) */
  mailWorker?: MailWorkerOptions | false;
  /** the inbound mailbox reader (DESIGN §25); false: not started (tests call app.inboundReader.readOnce()) */
  inboundReader?: false;
  /** the hourly retention job (DESIGN §16); false: not started (tests and one-off commands run passes themselves) */
  retentionJob?: false;
  /** the payment processor's refund worker and time-out (DESIGN §26); tests drain the worker themselves */
  processor?: ProcessorOptions;
  /** the claim lease's job, each minute (DESIGN §18); false: not started (tests call releaseIdleClaims) */
  claimLeaseJob?: ClaimLeaseJobOptions | false;
  /** the daily sweep of files no row names (DESIGN §19); tests call sweepOrphans themselves */
  orphanSweepJob?: false;
  /** SQLite's search index merge (search-index.ts): when it first runs and how often; tests shorten it */
  searchIndexSchedule?: SearchIndexSchedule;
  /**
   * check every JSON reply against its contract's response schema (tests); production skips it
   * (docs/decisions/0111-replies-are-not-re-encoded-through-their-contract-s.md)
   */
  checkReplies?: boolean;
  /** the live stream's timings (DESIGN §18); tests shorten the heartbeat */
  live?: LiveHubOptions;
  /** PostgreSQL: orders arrived since the last ANALYZE that start another (db/pg-upkeep.ts); tests lower it */
  analyzeAfterOrders?: number;
  /** sees every route as it registers (the OpenAPI test lists them) */
  onRoute?: (route: RouteOptions) => void;
}

/** Personal data and secrets never reach the logs (DESIGN §10). */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'body.password',
  'body.newPassword',
  'body.code',
  'body.challenge',
  'body.token',
];

/** Builds the whole app, migrated and ready; never listens (DESIGN §3). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: REDACT,
            serializers: { req: serializeRequestForLog, err: logErrorSerializer },
            // never pino's own stdout writer, which blocks on a log output that stopped draining (log-output.ts)
            stream: options.logStream ?? stdoutLog(),
          },
    bodyLimit: 1024 * 1024,
    // A body that trickles or stalls is cut off (issue 20): Fastify's defaults (0) never time out.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.connectionMs,
    // Node looks for requests past requestTimeout on this interval (its default, 30 s, would let a
    // short time-out run far over); headers count towards the same limit.
    http: {
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(config.timeouts.requestMs / 2))),
      headersTimeout: Math.min(60_000, config.timeouts.requestMs),
    },
    // A hop count means "the n nearest proxies"; Fastify's types take that as a function.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Router-level failures (malformed URL, over-long parameters) still answer in the envelope; a
    // person's browser gets a page (a mangled mail link: the track form), never JSON.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (isPublicLink(request.url)) return reply.redirect('/track-order', 302);
      if (wantsPage(request)) return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
      const code = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      return reply.code(code).send({ status: 0, message: SERVER_MSG.invalidBody });
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(options.checkReplies ? checkingSerializer : plainSerializer);
  registerErrorEnvelope(app);

  const handle = connect({
    databaseUrl: config.databaseUrl,
    preparedStatements: config.pgPreparedStatements,
    sqliteFile: path.join(config.dataDir, SQLITE_FILE),
    onIdleError: (error) => app.log.warn({ err: error }, 'idle database connection lost'),
  });
  await migrateToLatest(handle.db);
  const flush = handle.flush;
  if (flush) {
    // A reply may show what another request committed a moment ago: it leaves once that is on disk,
    // so nothing anyone sees can be lost by a crash (decision 0348). Free while nothing waits.
    app.addHook('onSend', (_request, _reply, payload, done) => {
      if (!flush.pending) return done(null, payload);
      flush.settled().then(() => done(null, payload), done);
    });
  }
  const clock = options.clock ?? Date.now;
  // Rate limits and failure counts: in this process, or shared by every instance through Redis (DESIGN §19).
  const limits = await limitsFor(config.redis, app.log, clock);
  // Files on this machine's disk or in S3-compatible storage shared by every instance (DESIGN §19).
  const files = await openFileStore(config);
  const events = createDomainEvents(app.log);
  const transactions = createTransactions(handle.db, events, (error) =>
    app.log.error({ err: error }, 'after-commit hook failed'),
  );
  const ctx: AppContext = {
    config,
    db: handle.db,
    passwords: createPasswordHasher(config.argon2),
    tokens: createTokenService(config.jwtSecret, config.tokenTtlSeconds),
    members:
      config.databaseUrl && config.pgListen
        ? listeningMembers(handle.db, config.databaseUrl, app.log)
        : directMembers(handle.db),
    sessions:
      config.databaseUrl && config.pgListen
        ? listeningSessions(handle.db, config.databaseUrl, app.log)
        : directSessions(handle.db, app.log),
    strategies: strategiesFor(handle, config, transactions),
    events,
    transactions,
    pdfSlots: createPdfSlots(),
    timedCounts: createTimedCountsKeep(),
    failureLimiters: limits.failureLimiters,
    files,
    clock,
  };
  app.decorate('ctx', ctx);
  // each module's subscriptions, declared in the module (its index.ts), made here once
  subscribeOrders(ctx);
  subscribeCustomerReplies(ctx, app.log);
  // A member changed here (password, type, deletion) is read afresh by this instance's guard at once;
  // other instances learn it from the database (member-cache.ts).
  ctx.events.subscribe('member.changed', ({ memberId }) => ctx.members.forget(memberId));
  ctx.events.subscribe('session.revoked', ({ sessionIds }) => {
    for (const sid of sessionIds) ctx.sessions.forget(sid);
  });
  const liveTransport = liveTransportFor(handle, config, app.log);
  const live = createLiveHub(ctx, liveTransport, app.log, options.live);
  // Open streams would hold the server's close up forever: they end first.
  app.addHook('preClose', async () => live.shutdown());
  app.addHook('onClose', async () => {
    await liveTransport.close();
    await ctx.members.close();
    await ctx.sessions.close();
    await ctx.strategies.searchThreads?.close();
    await limits.close();
    await files.close();
    await handle.close();
  });
  if (handle.dialect === 'postgres') {
    // DESIGN §19: fresh planner statistics after large arrivals, and a word when autovacuum is off
    const statistics = analyzeAfterArrivals(ctx.db, ctx.events, app.log, options.analyzeAfterOrders);
    app.addHook('preClose', () => statistics.idle());
    if (doesMaintenance()) await warnWhenAutovacuumOff(ctx.db, app.log);
  }
  registerMailWorker(app, ctx, options.mailWorker ?? {});
  registerProcessor(app, ctx, options.processor ?? {});
  registerInboundReader(app, ctx, options.inboundReader !== false);
  if (options.retentionJob !== false) registerRetentionJob(app, ctx);
  if (options.orphanSweepJob !== false) registerOrphanSweepJob(app, ctx);
  if (options.claimLeaseJob !== false) registerClaimLeaseJob(app, ctx, options.claimLeaseJob);
  // PostgreSQL's search index (GIN) needs no merging
  if (handle.dialect === 'sqlite') registerSearchIndexMaintenance(app, ctx, options.searchIndexSchedule);

  registerSecurityHeaders(app);
  await app.register(rateLimit, { global: false, ...limits.rateLimitOptions });

  app.get('/healthz', async (_request, reply) => {
    try {
      await ctx.db.selectFrom('staff').select('id').limit(1).execute();
      return reply.send({ status: 1, message: 'ok' });
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 0, message: 'database unreachable' });
    }
  });

  registerReadiness(app, ctx);
  // Before the routes: its one onResponse hook must reach every scope registered below.
  registerMetrics(app, ctx, {
    liveClients: () => live.size(),
    poolStats: handle.poolStats,
    logLinesDropped: droppedLogLines,
  });

  // Before the routes: the OpenAPI document is collected as they register.
  await registerApiDocs(app);
  await app.register(
    async (api) => {
      // First: every route below inherits the checks on raw input (DESIGN §22).
      guardInput(api);
      authPublicRoutes(api, ctx);
      accountPublicRoutes(api, ctx);
      // Integrations sign with X-Api-Key, not a staff token: outside the staff guard.
      ingestRoutes(api, ctx);
      // Processors sign their dispute events: outside the staff guard, with the raw body in their own scope.
      await api.register(async (intakeApi) => disputeIntakeRoutes(intakeApi, ctx, processorStripeEvents(ctx)));
      // Customers prove order id + email and carry an order-scoped token: outside the staff guard.
      await api.register(async (publicApi) => publicRoutes(publicApi, ctx));
      await api.register(async (staffApi) => {
        guardStaffRoutes(staffApi, ctx);
        recordPersonalDataReads(staffApi, ctx);
        authStaffRoutes(staffApi, ctx);
        featureRoutes(staffApi, ctx);
        accountRoutes(staffApi, ctx);
        teamRoutes(staffApi, ctx);
        gatewayRoutes(staffApi, ctx);
        orderRoutes(staffApi, ctx);
        claimRoutes(staffApi, ctx);
        followUpRoutes(staffApi, ctx);
        viewRoutes(staffApi, ctx);
        detailRoutes(staffApi, ctx);
        remarkRoutes(staffApi, ctx);
        notificationRoutes(staffApi, ctx);
        mailRoutes(staffApi, ctx);
        templateRoutes(staffApi, ctx);
        inboundRoutes(staffApi, ctx);
        reportRoutes(staffApi, ctx);
        defenceRoutes(staffApi, ctx);
        invoiceRoutes(staffApi, ctx);
        disputeRoutes(staffApi, ctx);
        processorRoutes(staffApi, ctx);
        privacyRoutes(staffApi, ctx);
        liveRoutes(staffApi, ctx, live);
        // Multipart is accepted by the upload route's own scope only.
        await staffApi.register(async (uploadApi) => documentRoutes(uploadApi, ctx));
      });
    },
    { prefix: '/api' },
  );

  if (options.serveWeb !== false) await serveWebApp(app, config.webDistDir);
  return app;
}
