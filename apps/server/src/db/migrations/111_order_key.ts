import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/**
 * The integer key of an order is named apart from its public id (issue 32, decision 0354): on `orders`
 * `order_id` is the text the customer and the staff see, and every table that points at an order
 * called its integer foreign key `order_id` too. Those columns become `order_key`.
 *
 * A rename keeps the rows, the foreign keys and the indexes (partial ones included) on both
 * databases. SQLite rewrites its triggers' references with it (documents_sla_met, 080), and
 * PostgreSQL its triggers' and indexes' parsed definitions, but not the text of a plpgsql function:
 * documents_sla_met() is written again here with the new name, its statement otherwise 080's.
 */
const TABLES = [
  'order_images',
  'documents',
  'mail_outbox',
  'mail_history',
  'download_history',
  'download_links',
  'remarks',
  'order_events',
  'invoices',
  'disputes',
  'order_viewers',
  'notifications',
  'inbound_mail',
  'fraud_warnings',
  'refunds',
] as const;

/** 080's documents_sla_met() on PostgreSQL, reading the new documents' `key` column */
function documentsSlaMet(key: string): string {
  const shift = `to_char((o.sla_due_at::timestamptz + (d.first_at::timestamptz - o.sla_paused_at::timestamptz)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return `CREATE OR REPLACE FUNCTION documents_sla_met() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       UPDATE orders o SET sla_met_at = d.first_at,
         sla_due_at = CASE WHEN o.sla_paused_at IS NOT NULL AND d.first_at > o.sla_paused_at
           THEN ${shift} ELSE o.sla_due_at END,
         sla_paused_at = NULL
         FROM (SELECT ${key}, MIN(created_at) AS first_at FROM new_docs GROUP BY ${key}) d
        WHERE o.id = d.${key} AND o.sla_met_at IS NULL AND o.sla_due_at IS NOT NULL;
       RETURN NULL;
     END $$`;
}

async function rename(db: AnyDb, from: string, to: string): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).renameColumn(from, to).execute();
  if (dialectOf(db) === 'postgres') await run(db, documentsSlaMet(to));
}

export async function up(db: AnyDb): Promise<void> {
  await rename(db, 'order_id', 'order_key');
}

export async function down(db: AnyDb): Promise<void> {
  await rename(db, 'order_key', 'order_id');
}
