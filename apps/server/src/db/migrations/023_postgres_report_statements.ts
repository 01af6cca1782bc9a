import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/**
 * PostgreSQL only (issue 8): inserted and deleted orders count into the report tallies of migration
 * 010 once per statement, not once per row, as migration 021 did for the folder counters. A batch
 * of a thousand orders of one day updated the same few tally rows a thousand times in one
 * transaction, and PostgreSQL keeps every version until it ends: after a million-order import
 * report_country_days held 176,000 rows in 76 MB. Changes of one order (nationality, processing
 * type, processed_by) keep their per-row triggers. SQLite needs none of this: it updates in place.
 */
const COUNTRY_KEY = `substr(created_at, 1, 10), COALESCE(TRIM(nationality), ''), processing_type`;

const COUNTRY_INSERTED = `
  INSERT INTO report_country_days (report_day, nationality, processing_type, n)
  SELECT ${COUNTRY_KEY}, COUNT(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (report_day, nationality, processing_type) DO UPDATE SET n = report_country_days.n + EXCLUDED.n;`;

const COUNTRY_DELETED = `
  UPDATE report_country_days d SET n = d.n - g.n
    FROM (SELECT ${COUNTRY_KEY}, COUNT(*) AS n FROM old_rows GROUP BY 1, 2, 3) AS g (day, nationality, type, n)
   WHERE d.report_day = g.day AND d.nationality = g.nationality AND d.processing_type = g.type;`;

const PROCESSED_INSERTED = `
  INSERT INTO report_processed_days (report_day, staff_id, n)
  SELECT substr(processed_at, 1, 10), processed_by, COUNT(*) FROM new_rows
   WHERE processed_by IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (report_day, staff_id) DO UPDATE SET n = report_processed_days.n + EXCLUDED.n;`;

const PROCESSED_DELETED = `
  UPDATE report_processed_days d SET n = d.n - g.n
    FROM (SELECT substr(processed_at, 1, 10), processed_by, COUNT(*) FROM old_rows
           WHERE processed_by IS NOT NULL GROUP BY 1, 2) AS g (day, staff_id, n)
   WHERE d.report_day = g.day AND d.staff_id = g.staff_id;`;

const STATEMENT_TRIGGERS = [
  ['orders_report_inserted', 'INSERT', 'NEW TABLE AS new_rows', `${COUNTRY_INSERTED} ${PROCESSED_INSERTED}`],
  ['orders_report_deleted', 'DELETE', 'OLD TABLE AS old_rows', `${COUNTRY_DELETED} ${PROCESSED_DELETED}`],
] as const;

export async function up(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await run(db, 'DROP TRIGGER orders_country_insert ON orders');
  await run(db, 'DROP TRIGGER orders_processed_insert ON orders');
  for (const [name, event, table, body] of STATEMENT_TRIGGERS) {
    await run(db, `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN NULL; END $$`);
    await run(
      db,
      `CREATE TRIGGER ${name} AFTER ${event} ON orders REFERENCING ${table}
       FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
    );
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const [name] of STATEMENT_TRIGGERS) {
    await run(db, `DROP TRIGGER ${name} ON orders`);
    await run(db, `DROP FUNCTION ${name}()`);
  }
  await run(
    db,
    `CREATE TRIGGER orders_country_insert AFTER INSERT OR DELETE ON orders
     FOR EACH ROW EXECUTE FUNCTION orders_country_report()`,
  );
  await run(
    db,
    `CREATE TRIGGER orders_processed_insert AFTER INSERT OR DELETE ON orders
     FOR EACH ROW EXECUTE FUNCTION orders_processed_report()`,
  );
}
