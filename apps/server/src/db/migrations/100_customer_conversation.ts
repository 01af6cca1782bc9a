import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/**
 * The conversation with the customer (DESIGN §25, issue 35).
 * - `mail_templates`: what staff write to customers from; `folders` a JSON list of orderNames.
 * - `mail_outbox` gains the bounce or complaint heard of it (`delivery`, `delivery_detail`), and the
 *   template's public note when one was sent from a template (the customer page shows the last one).
 * - `inbound_mail`: each message read from the mailbox, once: unique by its mailbox key (UIDVALIDITY
 *   and UID) and by its Message-ID where it has one; `order_id` null while unmatched. The raw message
 *   is in the file store (`raw_file`), text and sanitised HTML here.
 * - `inbound_attachments`: the PDF and image attachments kept, each in the file store.
 * - `orders.customer_replied_at`: a reply came while the order was in Awaiting Customer; cleared by a
 *   trigger when the order changes status, whatever path writes it. The sidebar counts the Awaiting
 *   orders with one through an index holding only those orders.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return postgres
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  await withId('mail_templates')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('folders', 'text', (c) => c.notNull())
    .addColumn('public_note', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('mail_outbox').addColumn('delivery', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('delivery_detail', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('public_note', 'text').execute();

  await withId('inbound_mail')
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('outbox_id', 'integer')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('matched_by', 'text')
    .addColumn('mailbox_key', 'text', (c) => c.notNull().unique())
    .addColumn('message_id', 'text')
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('raw_file', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text')
    .execute();
  await db.schema
    .createIndex('inbound_mail_message_id')
    .on('inbound_mail')
    .column('message_id')
    .unique()
    .where(sql.ref('message_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('inbound_mail_order').on('inbound_mail').columns(['order_id', 'received_at']).execute();
  await db.schema
    .createIndex('inbound_mail_unmatched')
    .on('inbound_mail')
    .column('created_at')
    .where(sql.ref('order_id'), 'is', null)
    .execute();

  await withId('inbound_attachments')
    .addColumn('inbound_id', 'integer', (c) => c.notNull().references('inbound_mail.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text')
    .execute();
  await db.schema.createIndex('inbound_attachments_mail').on('inbound_attachments').column('inbound_id').execute();
  // the orphan sweep asks which stored files rows name (as migration 083 did for the others)
  await db.schema.createIndex('inbound_mail_raw_file').on('inbound_mail').column('raw_file').execute();
  await db.schema.createIndex('inbound_attachments_file').on('inbound_attachments').column('file_name').execute();

  await db.schema.alterTable('orders').addColumn('customer_replied_at', 'text').execute();
  await db.schema
    .createIndex('orders_customer_replied')
    .on('orders')
    .column('process_status')
    .where(sql.ref('customer_replied_at'), 'is not', null)
    .execute();
  if (postgres) {
    await run(
      db,
      `CREATE FUNCTION orders_replied_clear() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN NEW.customer_replied_at := NULL; RETURN NEW; END $$`,
    );
    await run(
      db,
      `CREATE TRIGGER orders_replied_clear BEFORE UPDATE OF process_status ON orders FOR EACH ROW
       WHEN (NEW.process_status IS DISTINCT FROM OLD.process_status AND NEW.customer_replied_at IS NOT NULL)
       EXECUTE FUNCTION orders_replied_clear()`,
    );
  } else {
    // SQLite triggers cannot change NEW: a second UPDATE of the one column, which this trigger does not hear.
    await run(
      db,
      `CREATE TRIGGER orders_replied_clear AFTER UPDATE OF process_status ON orders
       WHEN NEW.process_status IS NOT OLD.process_status AND NEW.customer_replied_at IS NOT NULL BEGIN
         UPDATE orders SET customer_replied_at = NULL WHERE id = NEW.id;
       END`,
    );
  }
}

export async function down(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await run(db, postgres ? 'DROP TRIGGER orders_replied_clear ON orders' : 'DROP TRIGGER orders_replied_clear');
  if (postgres) await run(db, 'DROP FUNCTION orders_replied_clear()');
  await db.schema.dropIndex('orders_customer_replied').execute();
  await db.schema.alterTable('orders').dropColumn('customer_replied_at').execute();
  await db.schema.dropTable('inbound_attachments').execute();
  await db.schema.dropTable('inbound_mail').execute();
  for (const column of ['public_note', 'delivery_detail', 'delivery']) {
    await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
  }
  await db.schema.dropTable('mail_templates').execute();
}
