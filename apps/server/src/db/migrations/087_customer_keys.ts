import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

/**
 * Issue 33 (DESIGN §23): the customer's other orders, on the hot detail route, and Find's exact
 * email and phone lookups, each read through an index instead of a scan of a million orders:
 * the email as typed in any case, and the phone's digits whatever the separators
 * (`+44 (7700) 900-123` and `447700900123` are one number). Cards already have
 * `orders_card_fingerprint` (migration 040). The expressions are repeated, word for word, by the
 * queries that use them (db/customer-keys.ts); `test/find-plan.test.ts` fails if they drift apart.
 * Both are plain deterministic functions, so SQLite and PostgreSQL index them alike.
 */
const PHONE_DIGITS =
  "replace(replace(replace(replace(replace(replace(replace(phone_number, ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), '/', '')";

export async function up(db: AnyDb): Promise<void> {
  await sql.raw('CREATE INDEX orders_email_key ON orders (lower(contact_email_address))').execute(db);
  await sql.raw(`CREATE INDEX orders_phone_digits ON orders ((${PHONE_DIGITS}))`).execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql.raw('DROP INDEX orders_phone_digits').execute(db);
  await sql.raw('DROP INDEX orders_email_key').execute(db);
}
