import type { NotificationRecord } from '@eta/shared';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, NotificationsTable } from '../../db/schema.ts';

/** The notifications table (migration 096): queries only. */
type Db = Kysely<Database> | Transaction<Database>;

export async function insertNotification(db: Db, row: Insertable<NotificationsTable>): Promise<number> {
  const inserted = await db.insertInto('notifications').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function publicOrderId(db: Db, orderDbId: number): Promise<string> {
  const row = await db.selectFrom('orders').select('order_id').where('id', '=', orderDbId).executeTakeFirstOrThrow();
  return row.order_id;
}

/** A member's notifications, newest first (the index on member_id, id serves it). */
export async function listOf(db: Db, memberId: number, limit: number, offset: number): Promise<NotificationRecord[]> {
  const rows = await db
    .selectFrom('notifications as n')
    .innerJoin('orders as o', 'o.id', 'n.order_key')
    .select(['n.id', 'n.kind', 'o.order_id', 'n.text', 'n.by_name', 'n.created_at', 'n.read_at'])
    .where('n.member_id', '=', memberId)
    .orderBy('n.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as NotificationRecord['kind'],
    order_id: r.order_id,
    text: r.text,
    by: r.by_name,
    created_at: r.created_at,
    read_at: r.read_at,
  }));
}

export async function countsOf(db: Db, memberId: number): Promise<{ total: number; unread: number }> {
  const [all, unread] = await Promise.all([
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
    countUnread(db, memberId),
  ]);
  return { total: all.n, unread };
}

export async function countUnread(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Marks the member's own unread ones among `ids`; returns the ids it marked. */
export async function markRead(db: Db, memberId: number, ids: readonly number[], at: string): Promise<number[]> {
  const rows = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('member_id', '=', memberId)
    .where('id', 'in', [...ids])
    .where('read_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
