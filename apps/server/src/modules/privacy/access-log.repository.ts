import type { AccessAction, AccessLogQuery } from '@eta/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The access log (DESIGN §16, migration 060). Queries only. */
type Db = Kysely<Database> | Transaction<Database>;

export interface NewAccess {
  at: string;
  member_id: number;
  ip: string | null;
  action: AccessAction;
  order_id: string;
  detail: string | null;
}

export async function insert(db: Db, rows: readonly NewAccess[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('access_log')
      .values([...rows])
      .execute();
}

type Filters = Omit<AccessLogQuery, 'page' | 'limit' | 'memberId'> & { memberDbId?: number };

function filtered(db: Db, q: Filters) {
  let query = db.selectFrom('access_log');
  if (q.orderId) query = query.where('access_log.order_id', '=', q.orderId);
  if (q.memberDbId !== undefined) query = query.where('access_log.member_id', '=', q.memberDbId);
  if (q.action) query = query.where('access_log.action', '=', q.action);
  if (q.from) query = query.where('access_log.at', '>=', q.from);
  if (q.to) query = query.where('access_log.at', '<=', q.to);
  return query;
}

/** Newest first. */
export function page(db: Db, q: Filters, limit: number, offset: number) {
  return filtered(db, q)
    .leftJoin('staff', 'staff.id', 'access_log.member_id')
    .select([
      'access_log.id',
      'access_log.at',
      'access_log.member_id',
      'staff.name as member_name',
      'access_log.ip',
      'access_log.action',
      'access_log.order_id',
      'access_log.detail',
    ])
    .orderBy('access_log.at', 'desc')
    .orderBy('access_log.id', 'desc')
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

export type AccessRow = Awaited<ReturnType<typeof page>>[number];
