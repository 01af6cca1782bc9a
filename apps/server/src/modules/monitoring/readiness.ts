import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { storageProblems } from '../../lib/storage-check.ts';
import { type OutboxBacklog, outboxBacklog } from '../mail/index.ts';

export const READINESS_PATH = '/readyz';
/** DESIGN §19: a mail pending longer than this means nothing is sending (the retries of one take 7.5 min) */
export const MAIL_WAIT_LIMIT_MS = 10 * 60_000;
/** a database that has not answered by then is as good as down to a load balancer's probe */
const DATABASE_TIMEOUT_MS = 3000;

async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The database's answer (the outbox, which the mail check reads anyway), or its problem. */
async function databaseAndMail(ctx: AppContext, log: FastifyInstance['log']): Promise<string[]> {
  let backlog: OutboxBacklog;
  try {
    backlog = await within(outboxBacklog(ctx.db), DATABASE_TIMEOUT_MS);
  } catch (error) {
    log.warn({ err: error }, 'readiness: database did not answer');
    return ['database unreachable'];
  }
  if (!backlog.oldestPendingAt) return [];
  const waited = ctx.clock() - Date.parse(backlog.oldestPendingAt);
  if (waited <= MAIL_WAIT_LIMIT_MS) return [];
  return [`mail queue: oldest pending mail waited ${Math.floor(waited / 60_000)} min`];
}

/** Each file folder, named without DATA_DIR's path: the answer is public, the log has the rest. */
async function storage(ctx: AppContext, log: FastifyInstance['log']): Promise<string[]> {
  const problems = await storageProblems(ctx.config.dataDir);
  if (problems.length > 0) log.warn({ dataDir: ctx.config.dataDir, problems }, 'readiness: storage');
  return problems.map((p) => `storage: folder ${p.folder} is not readable and writable (${p.code})`);
}

/**
 * GET /readyz (DESIGN §19): 200 when the database answers, the file folders can be read and
 * written, and no mail has waited over 10 minutes; else 503 naming each problem. Unlike /healthz
 * (liveness: is this process worth keeping), it says whether everything the service needs works:
 * the database, storage and mail queue are shared, so every instance usually answers alike.
 */
export function registerReadiness(app: FastifyInstance, ctx: AppContext): void {
  app.get(READINESS_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const problems = (await Promise.all([databaseAndMail(ctx, app.log), storage(ctx, app.log)])).flat();
    if (problems.length === 0) return reply.send({ status: 1, message: 'ready' });
    return reply.code(503).send({ status: 0, message: problems.join('; ') });
  });
}
