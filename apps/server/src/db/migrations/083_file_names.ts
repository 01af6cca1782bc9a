import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

/**
 * The orphan sweep (DESIGN §19) asks, for each batch of files in the store, which of them rows
 * still name: an index on each naming column makes that a lookup per name, not a scan of millions.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('order_images_file_name').on('order_images').column('file_name').execute();
  await db.schema.createIndex('documents_file1').on('documents').column('file1').execute();
  await db.schema.createIndex('invoices_file_name').on('invoices').column('file_name').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('invoices_file_name').execute();
  await db.schema.dropIndex('documents_file1').execute();
  await db.schema.dropIndex('order_images_file_name').execute();
}
