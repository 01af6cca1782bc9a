import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

/** Written out here, not imported: a migration must not change when today's list does. */
const TEXT_COLUMNS = [
  'purchase_ip',
  'purchase_user_agent',
  'device_id',
  'terms_version',
  'terms_accepted_at',
  'refund_policy_version',
  'three_ds_result',
  'avs_result',
  'cvc_result',
  'card_fingerprint',
  'card_last4',
  'card_brand',
  'payment_processor',
  'gateway_name',
] as const;

/**
 * Purchase evidence on the order (DESIGN §15, issue 18), all nullable: orders that came before it
 * simply have none. `card_fingerprint` is indexed (only the orders that carry one) for Visa CE 3.0,
 * which looks for earlier orders paid with the same card.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const column of TEXT_COLUMNS) await db.schema.alterTable('orders').addColumn(column, 'text').execute();
  await db.schema.alterTable('orders').addColumn('disclaimer_shown', 'integer').execute();
  await sql`CREATE INDEX orders_card_fingerprint ON orders (card_fingerprint, created_at) WHERE card_fingerprint IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('orders_card_fingerprint').execute();
  await db.schema.alterTable('orders').dropColumn('disclaimer_shown').execute();
  for (const column of TEXT_COLUMNS) await db.schema.alterTable('orders').dropColumn(column).execute();
}
