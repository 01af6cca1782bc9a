import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

/**
 * One-time download links of the public pages (DESIGN §8). The link itself is a signed token; this
 * row is its nonce: `used_at` is set by one conditional UPDATE, so a link works once even with
 * several instances behind a load balancer.
 */
export async function up(db: AnyDb): Promise<void> {
  const dialect = dialectOf(db);
  let table = db.schema.createTable('download_links');
  table =
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('jti', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('download_id', 'integer', (c) => c.references('download_history.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('download_links_expires').on('download_links').column('expires_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('download_links').execute();
}
