import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

/**
 * Saved views of a queue (DESIGN §23): a folder (its orderName), its filters as the JSON object of
 * query parameters the list takes, a sort (column and direction, or none: the folder's own), and
 * whether everyone sees it. A member's views go with the member's row.
 */
export async function up(db: AnyDb): Promise<void> {
  const table = db.schema.createTable('saved_views');
  await (dialectOf(db) === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('sort_column', 'text')
    .addColumn('sort_order', 'text')
    .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_views_owner').on('saved_views').columns(['owner_id', 'id']).execute();
  await db.schema.createIndex('saved_views_shared').on('saved_views').columns(['shared', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('saved_views').execute();
}
