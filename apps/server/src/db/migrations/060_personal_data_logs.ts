import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

/**
 * The access and audit logs (DESIGN §16, issue 19). Append-only; `at` is fixed-width ISO text so
 * text order is time order. The access log names the order by its public id (an erased order keeps
 * it) and is read by order, by member and by time; the audit log by member, by action and by time.
 * Member names are not copied: staff rows are never removed (deletion is soft), so a join names them.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const serial = (name: string) => {
    const table = db.schema.createTable(name);
    return postgres
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  await serial('access_log')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('ip', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('access_log_order').on('access_log').columns(['order_id', 'at']).execute();
  await db.schema.createIndex('access_log_member').on('access_log').columns(['member_id', 'at']).execute();
  await db.schema.createIndex('access_log_at').on('access_log').column('at').execute();

  await serial('audit_log')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('detail', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('audit_log_member').on('audit_log').columns(['member_id', 'at']).execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'at']).execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('access_log').execute();
}
