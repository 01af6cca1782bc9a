import { AUDIT_ACTION, REMOVAL_REASON, RETENTION_FINAL_STATUSES } from '@eta/shared';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordAudit } from './audit.ts';
import * as auditRepo from './audit-log.repository.ts';
import { sweepFileDeletions } from './file-deletions.ts';
import { removeLeftOverInbound } from './inbound-retention.ts';
import { notUnderLegalHold } from './legal-hold.ts';
import { anonymise, removeDocuments, removeImages, type StepOptions } from './removal.repository.ts';

declare module '../../context.ts' {
  interface Strategies {
    /** after a retention pass: SQLite hands freed pages back to the file system; PostgreSQL's autovacuum does it */
    giveSpaceBack: (db: Kysely<Database>) => Promise<void>;
  }
}

/** SQLite: databases made since migration 061 are `auto_vacuum = INCREMENTAL` (db/connect.ts); older ones need one VACUUM. */
export const sqliteGiveSpaceBack = async (db: Kysely<Database>) => {
  await sql`PRAGMA incremental_vacuum`.execute(db);
};
export const postgresGiveSpaceBack = async () => {};

/**
 * ids looked at per query: each query reads a bounded slice of the table by primary key, so on
 * SQLite (whose queries run on the event loop) no staff request waits more than a moment behind it
 */
const SCAN_WINDOW = 5000;
const DAY_MS = 86_400_000;

/** The `kind` labels of retention_removed_total (GET /metrics): what a pass removes, by RetentionCounts field. */
export const RETENTION_KINDS = {
  images: 'images',
  documents: 'documents',
  personal: 'personal',
  inboundMails: 'inbound_mail',
  filesDeleted: 'files',
  auditRowsDeleted: 'audit_rows',
} as const satisfies Record<keyof RetentionCounts, string>;

export interface RetentionCounts {
  images: number;
  documents: number;
  personal: number;
  /** the customer's mails no order step reached: unmatched ones, and those that came after their order's documents went */
  inboundMails: number;
  filesDeleted: number;
  auditRowsDeleted: number;
}

type Step = (
  trx: Parameters<typeof removeImages>[0],
  ids: readonly number[],
  options: StepOptions,
) => Promise<number[]>;

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One retention pass (DESIGN §16): images, then documents, then personal fields of finished orders
 * past their period and under no legal hold, in small transactions; then the customer's mails no
 * order step reached (inbound-retention.ts); then old audit rows; then the
 * queued files. The same code serves the hourly job and `npm run retention`. Safe to run again at
 * any point after a crash, and beside another pass: each step claims the orders it does
 * (removal.repository.ts) and files are deleted from their queue (file-deletions.ts).
 */
export async function runRetentionPass(ctx: AppContext): Promise<RetentionCounts> {
  const now = ctx.clock();
  const at = new Date(now).toISOString();
  const { imagesDays, documentsDays, personalDays, auditDays, batch } = ctx.config.retention;
  const rule = (days: number) => `under the ${days}-day retention rule`;
  const steps: [
    keyof Pick<RetentionCounts, 'images' | 'documents' | 'personal'>,
    number,
    Step,
    'images_removed_at' | 'documents_removed_at' | 'personal_erased_at',
  ][] = [
    ['images', imagesDays, removeImages, 'images_removed_at'],
    ['documents', documentsDays, removeDocuments, 'documents_removed_at'],
    ['personal', personalDays, anonymise, 'personal_erased_at'],
  ];
  const counts: RetentionCounts = {
    images: 0,
    documents: 0,
    personal: 0,
    inboundMails: 0,
    filesDeleted: 0,
    auditRowsDeleted: 0,
  };
  const last = await ctx.db
    .selectFrom('orders')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const maxId = Number(last?.id ?? 0);

  for (const [name, days, step, column] of steps) {
    const cutoff = new Date(now - days * DAY_MS).toISOString();
    const options: Omit<StepOptions, 'tx'> = { at, reason: REMOVAL_REASON.retention, because: rule(days), actor: null };
    for (let from = 0; from < maxId; from += SCAN_WINDOW) {
      const due = await ctx.db
        .selectFrom('orders')
        .select('orders.id')
        .where('orders.id', '>', from)
        .where('orders.id', '<=', from + SCAN_WINDOW)
        .where('orders.process_status', 'in', [...RETENTION_FINAL_STATUSES])
        .where('orders.updated_at', '<', cutoff)
        .where(`orders.${column}`, 'is', null)
        .where((eb) => notUnderLegalHold(eb, now))
        .orderBy('orders.id')
        .execute();
      for (let i = 0; i < due.length; i += batch) {
        const ids = due.slice(i, i + batch).map((r) => r.id);
        const done = await inTransaction(ctx.transactions, (trx, tx) => step(trx, ids, { ...options, tx }));
        counts[name] += done.length;
        await yieldToRequests();
      }
      await yieldToRequests();
    }
  }
  counts.inboundMails = await removeLeftOverInbound(ctx, now, at);
  counts.auditRowsDeleted = await auditRepo.deleteOlderThan(ctx.db, new Date(now - auditDays * DAY_MS).toISOString());
  counts.filesDeleted = await sweepFileDeletions(ctx.db, ctx.files);
  await recordAudit(ctx.transactions.committed(), at, {
    action: AUDIT_ACTION.retentionRun,
    actorId: null,
    detail: { ...counts, periods: { imagesDays, documentsDays, personalDays, auditDays } },
  });
  await ctx.strategies.giveSpaceBack(ctx.db);
  const removed = Object.fromEntries(
    Object.entries(RETENTION_KINDS).map(([field, kind]) => [kind, counts[field as keyof RetentionCounts]]),
  );
  ctx.events.publish('retention.passed', { removed });
  return counts;
}
