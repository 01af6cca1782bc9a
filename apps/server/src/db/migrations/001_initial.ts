import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { type DialectName, dialectOf } from '../dialect.ts';
import { ORDER_TEXT_FIELDS } from '../schema.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: see above
type Table = CreateTableBuilder<any, any>;

/** An auto-incrementing integer primary key on either dialect. */
function withId(table: Table, dialect: DialectName): Table {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const text = 'text' as const;

export async function up(db: AnyDb): Promise<void> {
  const dialect = dialectOf(db);
  const create = (name: string) => withId(db.schema.createTable(name), dialect);
  const ref = (table: string) => `${table}.id`;

  await create('staff')
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('email', text, (c) => c.notNull())
    .addColumn('password_hash', text, (c) => c.notNull())
    .addColumn('type', text, (c) => c.notNull())
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .addColumn('deleted_at', text)
    .execute();
  // Emails are unique among current members; a deleted member's email can be used again.
  await db.schema
    .createIndex('staff_email_active')
    .unique()
    .on('staff')
    .column('email')
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  let orders = create('orders')
    .addColumn('order_id', text, (c) => c.notNull().unique())
    .addColumn('domain', text, (c) => c.notNull())
    .addColumn('process_status', text, (c) => c.notNull())
    .addColumn('assigned_to', 'integer', (c) => c.references(ref('staff')))
    .addColumn('processing_type', text, (c) => c.notNull().defaultTo('standard'))
    .addColumn('amount_minor', 'integer')
    .addColumn('currency', text)
    .addColumn('processed_by', 'integer', (c) => c.references(ref('staff')))
    .addColumn('refund_date', text)
    .addColumn('extra_answers', text)
    .addColumn('search_text', text, (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull());
  for (const field of ORDER_TEXT_FIELDS) orders = orders.addColumn(field, text);
  await orders.execute();
  // One index per folder filter shape (DESIGN §11): status + date for the queues, assignee for My Orders,
  // date alone for Order History and the reports.
  await db.schema.createIndex('orders_status_created').on('orders').columns(['process_status', 'created_at']).execute();
  await db.schema
    .createIndex('orders_assignee_status')
    .on('orders')
    .columns(['assigned_to', 'process_status', 'created_at'])
    .execute();
  await db.schema.createIndex('orders_created').on('orders').column('created_at').execute();
  await db.schema.createIndex('orders_processed_by').on('orders').columns(['processed_by', 'created_at']).execute();

  await db.schema
    .createTable('order_counters')
    .addColumn('process_status', text, (c) => c.notNull())
    .addColumn('assignee_id', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_counters_pk', ['process_status', 'assignee_id'])
    .execute();
  await createCounterTriggers(db, dialect);

  const orderRef = (c: ColumnDefinitionBuilder) => c.notNull().references(ref('orders')).onDelete('cascade');

  await create('order_images')
    .addColumn('order_id', 'integer', orderRef)
    .addColumn('kind', text, (c) => c.notNull())
    .addColumn('file_name', text, (c) => c.notNull())
    .addColumn('content_type', text, (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_images_order').on('order_images').columns(['order_id', 'kind']).execute();

  await create('documents')
    .addColumn('order_id', 'integer', orderRef)
    .addColumn('file1', text, (c) => c.notNull())
    .addColumn('original_name', text)
    .addColumn('content_type', text, (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('customer_name', text)
    .addColumn('is_rejected_doc', text, (c) => c.notNull().defaultTo('No'))
    .addColumn('mail_service_provider', text, (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references(ref('staff')))
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('documents_order').on('documents').column('order_id').execute();

  await create('mail_outbox')
    .addColumn('order_id', 'integer', (c) => c.references(ref('orders')).onDelete('cascade'))
    .addColumn('document_id', 'integer', (c) => c.references(ref('documents')))
    .addColumn('kind', text, (c) => c.notNull())
    .addColumn('provider', text, (c) => c.notNull())
    .addColumn('to_address', text, (c) => c.notNull())
    .addColumn('subject', text, (c) => c.notNull())
    .addColumn('html', text, (c) => c.notNull())
    .addColumn('text', text, (c) => c.notNull())
    .addColumn('attachments', text)
    .addColumn('remainder_mail', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', text, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', text, (c) => c.notNull())
    .addColumn('last_error', text)
    .addColumn('created_by', 'integer', (c) => c.references(ref('staff')))
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('sent_at', text)
    .execute();
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('mail_outbox_order').on('mail_outbox').column('order_id').execute();

  await create('mail_history')
    .addColumn('order_id', 'integer', orderRef)
    .addColumn('outbox_id', 'integer', (c) => c.references(ref('mail_outbox')))
    .addColumn('document_id', 'integer', (c) => c.references(ref('documents')))
    .addColumn('kind', text, (c) => c.notNull())
    .addColumn('provider', text, (c) => c.notNull())
    .addColumn('remainder_mail', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_ts', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_history_order').on('mail_history').columns(['order_id', 'create_ts']).execute();

  await create('download_history')
    .addColumn('order_id', 'integer', orderRef)
    .addColumn('document_id', 'integer', (c) => c.references(ref('documents')))
    .addColumn('create_ts', text, (c) => c.notNull())
    .addColumn('ip', text, (c) => c.notNull())
    .addColumn('timezone', text)
    .addColumn('browser', text)
    .addColumn('os', text)
    .addColumn('user_agent', text)
    .execute();
  await db.schema
    .createIndex('download_history_order')
    .on('download_history')
    .columns(['order_id', 'create_ts'])
    .execute();

  let remarks = create('remarks')
    .addColumn('order_id', 'integer', orderRef)
    .addColumn('staff_id', 'integer', (c) => c.references(ref('staff')))
    .addColumn('remark_name', text, (c) => c.notNull())
    .addColumn('remark', text, (c) => c.notNull());
  for (const flag of ['whatsapp', 'telephone', 'status_refund', 'voided', 'chargeback', 'report_error']) {
    remarks = remarks.addColumn(flag, text, (c) => c.notNull().defaultTo('N'));
  }
  await remarks
    .addColumn('us_date', text, (c) => c.notNull())
    .addColumn('us_time', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('remarks_order').on('remarks').columns(['order_id', 'created_at']).execute();

  await create('order_events')
    .addColumn('order_id', 'integer', orderRef)
    .addColumn('staff_id', 'integer', (c) => c.references(ref('staff')))
    .addColumn('staff_name', text)
    .addColumn('kind', text, (c) => c.notNull())
    .addColumn('from_value', text)
    .addColumn('to_value', text)
    .addColumn('detail', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'created_at']).execute();

  await create('payment_gateways')
    .addColumn('gateway_name', text, (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_secondary_domain', 'integer', (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .addUniqueConstraint('payment_gateways_name_domain', ['gateway_name', 'is_secondary_domain'])
    .execute();
  // At most one active gateway per domain, enforced by the database itself.
  await db.schema
    .createIndex('payment_gateways_one_active')
    .unique()
    .on('payment_gateways')
    .column('is_secondary_domain')
    .where(sql.ref('is_active'), '=', 1)
    .execute();
}

/**
 * Folder counts must not scan orders (DESIGN §11): triggers keep one row per (status, assignee)
 * so every count is a sum over a table of a few dozen rows, whatever path changed the order.
 */
async function createCounterTriggers(db: AnyDb, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite') {
    const inc = (rec: string) =>
      `INSERT INTO order_counters (process_status, assignee_id, n) VALUES (${rec}.process_status, COALESCE(${rec}.assigned_to, 0), 1)
       ON CONFLICT (process_status, assignee_id) DO UPDATE SET n = n + 1;`;
    const dec = (rec: string) =>
      `UPDATE order_counters SET n = n - 1 WHERE process_status = ${rec}.process_status AND assignee_id = COALESCE(${rec}.assigned_to, 0);`;
    await sql.raw(`CREATE TRIGGER orders_count_insert AFTER INSERT ON orders BEGIN ${inc('NEW')} END`).execute(db);
    await sql.raw(`CREATE TRIGGER orders_count_delete AFTER DELETE ON orders BEGIN ${dec('OLD')} END`).execute(db);
    await sql
      .raw(
        `CREATE TRIGGER orders_count_update AFTER UPDATE OF process_status, assigned_to ON orders
         WHEN OLD.process_status IS NOT NEW.process_status OR OLD.assigned_to IS NOT NEW.assigned_to
         BEGIN ${dec('OLD')} ${inc('NEW')} END`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(`
    CREATE FUNCTION orders_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE order_counters SET n = n - 1
         WHERE process_status = OLD.process_status AND assignee_id = COALESCE(OLD.assigned_to, 0);
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO order_counters (process_status, assignee_id, n)
        VALUES (NEW.process_status, COALESCE(NEW.assigned_to, 0), 1)
        ON CONFLICT (process_status, assignee_id) DO UPDATE SET n = order_counters.n + 1;
      END IF;
      RETURN NULL;
    END $$`)
    .execute(db);
  await sql
    .raw(
      'CREATE TRIGGER orders_count_insert AFTER INSERT OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_count_change()',
    )
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER orders_count_update AFTER UPDATE OF process_status, assigned_to ON orders FOR EACH ROW
          WHEN (OLD.process_status IS DISTINCT FROM NEW.process_status OR OLD.assigned_to IS DISTINCT FROM NEW.assigned_to)
          EXECUTE FUNCTION orders_count_change()`)
    .execute(db);
}

export async function down(): Promise<void> {
  throw new Error('The initial migration cannot be undone; restore a backup instead.');
}
