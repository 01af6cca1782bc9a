import type { AuditAction, AuditLogQuery } from '@eta/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The audit log (DESIGN §16, migration 060). Queries only. */
type Db = Kysely<Database> | Transaction<Database>;

export interface NewAuditEntry {
  at: string;
  member_id: number | null;
  action: AuditAction;
  target: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
  user_agent: string | null;
}

export async function insert(db: Db, entry: NewAuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ ...entry, detail: entry.detail ? JSON.stringify(entry.detail) : null })
    .execute();
}

type Filters = Omit<AuditLogQuery, 'page' | 'limit' | 'memberId'> & { memberDbId?: number };

function filtered(db: Db, q: Filters) {
  let query = db.selectFrom('audit_log');
  if (q.memberDbId !== undefined) query = query.where('audit_log.member_id', '=', q.memberDbId);
  if (q.action) query = query.where('audit_log.action', '=', q.action);
  if (q.from) query = query.where('audit_log.at', '>=', q.from);
  if (q.to) query = query.where('audit_log.at', '<=', q.to);
  return query;
}

const columns = [
  'audit_log.id',
  'audit_log.at',
  'audit_log.member_id',
  'staff.name as member_name',
  'audit_log.action',
  'audit_log.target',
  'audit_log.detail',
  'audit_log.ip',
  'audit_log.user_agent',
] as const;

/** Newest first; `after`: keyset paging for the CSV (rows older than that id). */
export function page(db: Db, q: Filters, limit: number, offset: number) {
  return filtered(db, q)
    .leftJoin('staff', 'staff.id', 'audit_log.member_id')
    .select(columns)
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function count(db: Db, q: Filters): Promise<number> {
  const row = await filtered(db, q)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export type AuditRow = Awaited<ReturnType<typeof page>>[number];

/** Entries older than `before`: AUDIT_RETENTION_DAYS. */
export async function deleteOlderThan(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
