import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/**
 * PostgreSQL only (issue 8): the search text gets a table of its own, `order_search`, with the
 * pg_trgm index of migration 020. Every status move or assignment writes a new version of the
 * order's row (not a HOT update: process_status and assigned_to are indexed), and with the index on
 * `orders` each version's ~60 trigrams went into it again: into GIN's pending list, which every
 * search then read whole (444 pages after a bench run, about 4 ms of every search), or, with
 * `fastupdate` off, straight into its trees (about 1 ms more database CPU for every assignment).
 * Here the text is written when an order arrives and when its text changes, never by a move. It
 * carries the order's date too, so Order History's search can be paged without reading orders.
 * SQLite's FTS5 table (migration 020) already works this way. `orders.search_text` stays the source
 * (ingestion writes it; triggers copy it).
 */
const INSERTED =
  'INSERT INTO order_search (id, created_at, search_text) SELECT id, created_at, search_text FROM new_rows';
const DELETED = 'DELETE FROM order_search WHERE id IN (SELECT id FROM old_rows)';
const CHANGED =
  'UPDATE order_search SET id = NEW.id, created_at = NEW.created_at, search_text = NEW.search_text WHERE id = OLD.id';
const EMPTIED = 'TRUNCATE order_search';
const STATEMENT_TRIGGERS = [
  ['orders_search_inserted', 'INSERT', 'NEW TABLE AS new_rows', INSERTED],
  ['orders_search_deleted', 'DELETE', 'OLD TABLE AS old_rows', DELETED],
] as const;

export async function up(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  // Other instances may still be taking orders in: none may arrive between the copy and the triggers.
  // Reads go on; writes wait for this migration's transaction (the index build: ~25 s a million orders).
  await run(db, 'LOCK TABLE orders IN SHARE ROW EXCLUSIVE MODE');
  await run(
    db,
    'CREATE TABLE order_search (id integer PRIMARY KEY, created_at text NOT NULL, search_text text NOT NULL)',
  );
  await run(
    db,
    'INSERT INTO order_search (id, created_at, search_text) SELECT id, created_at, search_text FROM orders ORDER BY id',
  );
  // built once over the filled table: faster than growing it row by row, and no pending list to start with
  await run(db, 'CREATE INDEX order_search_trgm ON order_search USING gin (search_text gin_trgm_ops)');
  await run(db, 'DROP INDEX orders_search_trgm');
  await run(db, 'ANALYZE order_search');
  for (const [name, event, table, body] of STATEMENT_TRIGGERS) {
    await run(
      db,
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body}; RETURN NULL; END $$`,
    );
    await run(
      db,
      `CREATE TRIGGER ${name} AFTER ${event} ON orders REFERENCING ${table}
       FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
    );
  }
  await run(
    db,
    `CREATE FUNCTION orders_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${CHANGED}; RETURN NULL; END $$`,
  );
  await run(
    db,
    `CREATE TRIGGER orders_search_changed AFTER UPDATE OF id, created_at, search_text ON orders FOR EACH ROW
     WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.id <> NEW.id OR OLD.created_at <> NEW.created_at)
     EXECUTE FUNCTION orders_search_changed()`,
  );
  await run(
    db,
    `CREATE FUNCTION orders_search_emptied() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${EMPTIED}; RETURN NULL; END $$`,
  );
  await run(
    db,
    'CREATE TRIGGER orders_search_emptied AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION orders_search_emptied()',
  );
}

export async function down(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const name of [
    'orders_search_inserted',
    'orders_search_deleted',
    'orders_search_changed',
    'orders_search_emptied',
  ]) {
    await run(db, `DROP TRIGGER ${name} ON orders`);
    await run(db, `DROP FUNCTION ${name}()`);
  }
  await run(db, 'DROP TABLE order_search');
  await run(db, 'CREATE INDEX orders_search_trgm ON orders USING gin (search_text gin_trgm_ops)');
}
