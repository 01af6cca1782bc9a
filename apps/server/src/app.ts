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
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { connect, SQLITE_FILE } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { checkingSerializer, plainSerializer } from './lib/reply-serializers.ts';
import { authPublicRoutes, authStaffRoutes } from './modules/auth/auth.routes.ts';
import { createPasswordHasher } from './modules/auth/passwords.ts';
import { createTokenService } from './modules/auth/tokens.ts';
import { defenceRoutes } from './modules/defence/defence.routes.ts';
import { detailRoutes } from './modules/detail/detail.routes.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { gatewayRoutes } from './modules/gateways/gateways.routes.ts';
import { ingestRoutes } from './modules/ingest/ingest.routes.ts';
import { invoiceRoutes } from './modules/invoices/invoices.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { registerMailWorker } from './modules/mail/mail.service.ts';
import type { MailWorkerOptions } from './modules/mail/worker.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { registerSearchIndexMaintenance, type SearchIndexSchedule } from './modules/orders/search-index.ts';
import { createSearchThreads } from './modules/orders/search-thread.ts';
import { publicRoutes } from './modules/public/public.routes.ts';
import { remarkRoutes } from './modules/remarks/remarks.routes.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { directMembers, listeningMembers } from './modules/staff/member-cache.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { registerErrorEnvelope } from './plugins/errors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { guardStaffRoutes } from './plugins/staff-guard.ts';
import { serveWebApp } from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  /** false in tests that only exercise the API */
  serveWeb?: boolean;
  logger?: boolean;
  clock?: () => number;
  /** the mail outbox worker (DESIGN §9): started when the app is ready; false: not started (tests drain it) */
  mailWorker?: MailWorkerOptions | false;
  /** SQLite's search index merge (search-index.ts): when it first runs and how often; tests shorten it */
  searchIndexSchedule?: SearchIndexSchedule;
  /** check every JSON reply against its contract's response schema (tests); production skips it (docs/decisions.md) */
  checkReplies?: boolean;
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
];

/** Builds the whole app, migrated and ready; never listens (DESIGN §3). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, redact: REDACT },
    bodyLimit: 1024 * 1024,
    // A hop count means "the n nearest proxies"; Fastify's types take that as a function.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Router-level failures (malformed URL, over-long parameters) still answer in the envelope.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const code = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      reply.code(code).send({ status: 0, message: SERVER_MSG.invalidBody });
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
  const sqliteFile = path.join(config.dataDir, SQLITE_FILE);
  const ctx: AppContext = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    passwords: createPasswordHasher(config.argon2),
    tokens: createTokenService(config.jwtSecret, config.tokenTtlSeconds),
    members:
      config.databaseUrl && config.pgListen
        ? listeningMembers(handle.db, config.databaseUrl, app.log)
        : directMembers(handle.db),
    searchThreads:
      handle.dialect === 'sqlite' && config.searchThreads > 0
        ? createSearchThreads(sqliteFile, config.searchThreads)
        : null,
    clock: options.clock ?? Date.now,
  };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    await ctx.members.close();
    await ctx.searchThreads?.close();
    await handle.close();
  });
  registerMailWorker(app, ctx, options.mailWorker ?? {});
  registerSearchIndexMaintenance(app, ctx, options.searchIndexSchedule);

  registerSecurityHeaders(app);
  await app.register(rateLimit, { global: false });

  app.get('/healthz', async (_request, reply) => {
    try {
      await ctx.db.selectFrom('staff').select('id').limit(1).execute();
      return reply.send({ status: 1, message: 'ok' });
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 0, message: 'database unreachable' });
    }
  });

  // Before the routes: the OpenAPI document is collected as they register.
  await registerApiDocs(app);
  await app.register(
    async (api) => {
      authPublicRoutes(api, ctx);
      // Integrations sign with X-Api-Key, not a staff token: outside the staff guard.
      ingestRoutes(api, ctx);
      // Customers prove order id + email and carry an order-scoped token: outside the staff guard.
      await api.register(async (publicApi) => publicRoutes(publicApi, ctx));
      await api.register(async (staffApi) => {
        guardStaffRoutes(staffApi, ctx);
        authStaffRoutes(staffApi, ctx);
        teamRoutes(staffApi, ctx);
        gatewayRoutes(staffApi, ctx);
        orderRoutes(staffApi, ctx);
        detailRoutes(staffApi, ctx);
        remarkRoutes(staffApi, ctx);
        mailRoutes(staffApi, ctx);
        reportRoutes(staffApi, ctx);
        defenceRoutes(staffApi, ctx);
        invoiceRoutes(staffApi, ctx);
        // Multipart is accepted by the upload route's own scope only.
        await staffApi.register(async (uploadApi) => documentRoutes(uploadApi, ctx));
      });
    },
    { prefix: '/api' },
  );

  if (options.serveWeb !== false) await serveWebApp(app, config.webDistDir);
  return app;
}
