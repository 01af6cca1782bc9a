import { FOLLOW_UP_STATUSES, type FollowUpStatus, STATUS } from '@eta/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import { statusLiterals } from '../../db/literals.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function followUpOf(db: Db, orderDbId: number): Promise<string | null> {
  const row = await db.selectFrom('orders').select('follow_up_on').where('id', '=', orderDbId).executeTakeFirst();
  return row?.follow_up_on ?? null;
}

export async function setFollowUp(db: Db, orderDbId: number, day: string | null, at: string): Promise<void> {
  await db.updateTable('orders').set({ follow_up_on: day, updated_at: at }).where('id', '=', orderDbId).execute();
}

/**
 * Orders due for a follow-up per status: a range of migration 081's index (status, day; only orders
 * with a date are in it), counted from the index alone. Built once (db/compiled.ts): the sidebar asks
 * on every screen change. The statuses are written in, as the folders' are (db/literals.ts).
 */
const dueCounts = compiledOnce((db, today: string) =>
  db
    .selectFrom('orders')
    .select(['process_status', sql<number>`count(*)`.as('n')])
    .where('process_status', 'in', statusLiterals(FOLLOW_UP_STATUSES))
    .where('follow_up_on', 'is not', null)
    .where('follow_up_on', '<=', today)
    .groupBy('process_status'),
);

export async function readDueCounts(db: Db, today: string): Promise<Map<FollowUpStatus, number>> {
  const rows = await dueCounts(db, today);
  return new Map(rows.map((r) => [r.process_status as FollowUpStatus, r.n]));
}

/**
 * Awaiting Customer orders the customer replied to (DESIGN §25): a range of migration 100's index,
 * which holds only orders with a reply mark (the mark is cleared when the order changes status).
 */
const repliedCount = compiledOnce((db) =>
  db
    .selectFrom('orders')
    .select(sql<number>`count(*)`.as('n'))
    .where('process_status', 'in', statusLiterals([STATUS.Awaiting]))
    .where('customer_replied_at', 'is not', null),
);

export async function readRepliedCount(db: Db): Promise<number> {
  const [row] = await repliedCount(db);
  return row?.n ?? 0;
}
