import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/**
 * Real text search for the queues (DESIGN §11, issue 8): a substring search of `search_text` used to
 * read every row of the folder (Order History: a million rows, seconds). A trigram index finds the
 * candidate rows and the LIKE that defines the search (lib/like.ts) still decides, so `%`, `_` and
 * quotes stay plain text and results are exactly what they were.
 *
 * PostgreSQL: pg_trgm's GIN index serves `LIKE '%…%'` itself. SQLite: an FTS5 table with the trigram
 * tokenizer over orders.search_text (external content: the text is not stored twice; detail=none:
 * only which rows hold a trigram, a third of the full index), kept by triggers like the counters.
 */
export async function up(db: AnyDb): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await run(db, 'CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await run(db, 'CREATE INDEX orders_search_trgm ON orders USING gin (search_text gin_trgm_ops)');
    return;
  }
  await run(
    db,
    `CREATE VIRTUAL TABLE orders_search USING fts5(search_text, content='orders', content_rowid='id',
       tokenize='trigram', detail='none')`,
  );
  await run(db, `INSERT INTO orders_search (orders_search) VALUES ('rebuild')`);
  const remove = `INSERT INTO orders_search (orders_search, rowid, search_text) VALUES ('delete', OLD.id, OLD.search_text);`;
  const add = 'INSERT INTO orders_search (rowid, search_text) VALUES (NEW.id, NEW.search_text);';
  await run(db, `CREATE TRIGGER orders_search_insert AFTER INSERT ON orders BEGIN ${add} END`);
  await run(db, `CREATE TRIGGER orders_search_delete AFTER DELETE ON orders BEGIN ${remove} END`);
  await run(
    db,
    `CREATE TRIGGER orders_search_update AFTER UPDATE OF search_text ON orders
     WHEN OLD.search_text IS NOT NEW.search_text BEGIN ${remove} ${add} END`,
  );
}

export async function down(db: AnyDb): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await run(db, 'DROP INDEX IF EXISTS orders_search_trgm');
    return;
  }
  for (const trigger of ['orders_search_insert', 'orders_search_delete', 'orders_search_update']) {
    await run(db, `DROP TRIGGER IF EXISTS ${trigger}`);
  }
  await run(db, 'DROP TABLE IF EXISTS orders_search');
}
