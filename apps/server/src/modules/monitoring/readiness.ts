import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { StorageProblem } from '../../lib/file-store.ts';
import { describeStorage } from '../../storage-config.ts';
import type {} from '../inbox/index.ts';
import { type OutboxBacklog, outboxBacklog } from '../mail/index.ts';
import { processorWarnings } from '../processor/index.ts';

export const READINESS_PATH = '/readyz';
/** DESIGN §19: a mail pending longer than this means nothing is sending (the retries of one take 7.5 min) */
export const MAIL_WAIT_LIMIT_MS = 10 * 60_000;
/** a database that has not answered by then is as good as down to a load balancer's probe */
const DATABASE_TIMEOUT_MS = 3000;
/** the same for the file store (the S3 client's own connect timeout is longer) */
const STORAGE_TIMEOUT_MS = 3000;

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

/**
 * Each file folder, or the bucket, named without DATA_DIR's path or the bucket's address: the answer
 * is public, the log has the rest. A store that does not answer in time is a problem too.
 */
async function storage(ctx: AppContext, log: FastifyInstance['log']): Promise<string[]> {
  const where = describeStorage(ctx.config.storage, ctx.config.dataDir);
  let problems: StorageProblem[];
  try {
    problems = await within(ctx.files.problems(), STORAGE_TIMEOUT_MS);
  } catch (error) {
    log.warn({ err: error, storage: where }, 'readiness: storage did not answer');
    return ['storage unreachable'];
  }
  if (problems.length > 0) log.warn({ storage: where, problems }, 'readiness: storage');
  return problems.map((p) =>
    p.folder === 'bucket'
      ? `storage: the bucket cannot be used (${p.code})`
      : `storage: folder ${p.folder} is not readable and writable (${p.code})`,
  );
}

/**
 * GET /readyz (DESIGN §19): 200 when the database answers, the file store can be read and
 * written (the folders, or the bucket), no mail has waited over 10 minutes, and the inbound mailbox
 * (DESIGN §25) answered this instance's reader the last time it tried; else 503 naming each problem. Unlike /healthz
 * (liveness: is this process worth keeping), it says whether everything the service needs works:
 * the database, storage and mail queue are shared, so every instance usually answers alike.
 */
export function registerReadiness(app: FastifyInstance, ctx: AppContext): void {
  app.get(READINESS_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const problems = (await Promise.all([databaseAndMail(ctx, app.log), storage(ctx, app.log)])).flat();
    // the inbound mailbox as this instance's reader last found it (DESIGN §25): down, or refusing our password
    const mailbox = app.inboundReader?.state().problem;
    if (mailbox) problems.push(mailbox);
    // A refused Stripe key is said, not failed on: a 503 would take every instance out of the load
    // balancer for what touches refunds and evidence alone (docs/decisions/0310).
    const warnings = await processorWarnings(ctx).catch(() => []);
    const said = warnings.length > 0 ? { warnings } : {};
    if (problems.length === 0) return reply.send({ status: 1, message: 'ready', ...said });
    return reply.code(503).send({ status: 0, message: problems.join('; '), ...said });
  });
}
