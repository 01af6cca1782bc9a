import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

/**
 * Retention and erasure (DESIGN §16, issue 19).
 * - orders say what left them and when (`images_removed_at`, `documents_removed_at`,
 *   `personal_erased_at`) and why (`removal_reason`: retention or request): the detail shows it, and
 *   each step of a retention pass picks only orders it has not done.
 * - image and document rows are kept, marked `removed_at`, so the detail says "removed on …" where
 *   the file was; a marked row is never served.
 * - `file_deletions`: files whose rows were marked in a committed transaction and that are still to
 *   be deleted. A file is queued in the same transaction that marks its row, and unqueued once gone,
 *   so a crash between the two leaves it queued (deleted by the next sweep), never orphaned, and no row
 *   ever points at a deleted file that it still shows.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  for (const column of ['images_removed_at', 'documents_removed_at', 'personal_erased_at', 'removal_reason']) {
    await db.schema.alterTable('orders').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('order_images').addColumn('removed_at', 'text').execute();
  await db.schema.alterTable('documents').addColumn('removed_at', 'text').execute();
  let table = db.schema.createTable('file_deletions');
  table = postgres
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('file_deletions').execute();
  await db.schema.alterTable('documents').dropColumn('removed_at').execute();
  await db.schema.alterTable('order_images').dropColumn('removed_at').execute();
  for (const column of ['removal_reason', 'personal_erased_at', 'documents_removed_at', 'images_removed_at']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
