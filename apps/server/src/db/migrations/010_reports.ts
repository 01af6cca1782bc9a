import { type Kysely, sql } from 'kysely';
import { type DialectName, dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

/**
 * Reports (issue 7, DESIGN §11: a year of a million orders within 200 ms). Grouping the orders
 * themselves scans every order of the range (0.6 s for half a million on SQLite), so triggers keep
 * two day-by-day tallies, as order_counters does for the folders, and a report sums at most a few
 * hundred rows a day. `processed_at` is when the current processed_by was set: the order's
 * updated_at of that write, filled in by the database whatever path set processed_by.
 */
export async function up(db: AnyDb): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema.alterTable('orders').addColumn('processed_at', 'text').execute();
  await sql`
    UPDATE orders SET processed_at = COALESCE(
      (SELECT MAX(e.created_at) FROM order_events e WHERE e.order_id = orders.id AND e.kind = 'processed_by'),
      updated_at)
    WHERE processed_by IS NOT NULL`.execute(db);

  // '' stands for a missing nationality: key columns cannot hold NULL and still meet in an upsert.
  let country = db.schema
    .createTable('report_country_days')
    .addColumn('report_day', 'text', (c) => c.notNull())
    .addColumn('nationality', 'text', (c) => c.notNull())
    .addColumn('processing_type', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_country_days_pk', ['report_day', 'nationality', 'processing_type']);
  let processed = db.schema
    .createTable('report_processed_days')
    .addColumn('report_day', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_processed_days_pk', ['report_day', 'staff_id']);
  if (dialect === 'sqlite') {
    // Rows stored in key order: a range of days is one contiguous read.
    country = country.modifyEnd(sql`without rowid`);
    processed = processed.modifyEnd(sql`without rowid`);
  }
  await country.execute();
  await processed.execute();

  await sql`
    INSERT INTO report_country_days (report_day, nationality, processing_type, n)
    SELECT substr(created_at, 1, 10), COALESCE(TRIM(nationality), ''), processing_type, COUNT(*)
      FROM orders GROUP BY substr(created_at, 1, 10), COALESCE(TRIM(nationality), ''), processing_type`.execute(db);
  await sql`
    INSERT INTO report_processed_days (report_day, staff_id, n)
    SELECT substr(processed_at, 1, 10), processed_by, COUNT(*) FROM orders
     WHERE processed_by IS NOT NULL GROUP BY substr(processed_at, 1, 10), processed_by`.execute(db);

  await createTriggers(db, dialect);
}

const COUNTRY_KEY = (r: string) =>
  `report_day = substr(${r}.created_at, 1, 10) AND nationality = COALESCE(TRIM(${r}.nationality), '') AND processing_type = ${r}.processing_type`;
const COUNTRY_INC = (r: string) =>
  `INSERT INTO report_country_days (report_day, nationality, processing_type, n)
   VALUES (substr(${r}.created_at, 1, 10), COALESCE(TRIM(${r}.nationality), ''), ${r}.processing_type, 1)
   ON CONFLICT (report_day, nationality, processing_type) DO UPDATE SET n = report_country_days.n + 1;`;
const COUNTRY_DEC = (r: string) => `UPDATE report_country_days SET n = n - 1 WHERE ${COUNTRY_KEY(r)};`;
const PROCESSED_INC = (day: string, staff: string) =>
  `INSERT INTO report_processed_days (report_day, staff_id, n) VALUES (substr(${day}, 1, 10), ${staff}, 1)
   ON CONFLICT (report_day, staff_id) DO UPDATE SET n = report_processed_days.n + 1;`;
const PROCESSED_DEC = (r: string) =>
  `UPDATE report_processed_days SET n = n - 1
    WHERE ${r}.processed_by IS NOT NULL AND report_day = substr(${r}.processed_at, 1, 10) AND staff_id = ${r}.processed_by;`;
const COUNTRY_CHANGED = (distinct: string) =>
  ['created_at', 'nationality', 'processing_type'].map((c) => `OLD.${c} ${distinct} NEW.${c}`).join(' OR ');

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

async function createTriggers(db: AnyDb, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite') {
    await run(db, `CREATE TRIGGER orders_country_insert AFTER INSERT ON orders BEGIN ${COUNTRY_INC('NEW')} END`);
    await run(db, `CREATE TRIGGER orders_country_delete AFTER DELETE ON orders BEGIN ${COUNTRY_DEC('OLD')} END`);
    await run(
      db,
      `CREATE TRIGGER orders_country_update AFTER UPDATE OF created_at, nationality, processing_type ON orders
       WHEN ${COUNTRY_CHANGED('IS NOT')} BEGIN ${COUNTRY_DEC('OLD')} ${COUNTRY_INC('NEW')} END`,
    );
    // SQLite triggers cannot change NEW: processed_at is written by a second UPDATE of that column only,
    // which no trigger listens to.
    await run(
      db,
      `CREATE TRIGGER orders_processed_insert AFTER INSERT ON orders WHEN NEW.processed_by IS NOT NULL BEGIN
         UPDATE orders SET processed_at = COALESCE(NEW.processed_at, NEW.updated_at) WHERE id = NEW.id;
         ${PROCESSED_INC('COALESCE(NEW.processed_at, NEW.updated_at)', 'NEW.processed_by')}
       END`,
    );
    await run(db, `CREATE TRIGGER orders_processed_delete AFTER DELETE ON orders BEGIN ${PROCESSED_DEC('OLD')} END`);
    await run(
      db,
      `CREATE TRIGGER orders_processed_update AFTER UPDATE OF processed_by ON orders
       WHEN OLD.processed_by IS NOT NEW.processed_by BEGIN
         ${PROCESSED_DEC('OLD')}
         UPDATE orders SET processed_at = CASE WHEN NEW.processed_by IS NULL THEN NULL ELSE NEW.updated_at END
          WHERE id = NEW.id;
         INSERT INTO report_processed_days (report_day, staff_id, n)
         SELECT substr(NEW.updated_at, 1, 10), NEW.processed_by, 1 WHERE NEW.processed_by IS NOT NULL
         ON CONFLICT (report_day, staff_id) DO UPDATE SET n = report_processed_days.n + 1;
       END`,
    );
    return;
  }
  await run(
    db,
    `CREATE FUNCTION orders_country_report() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF TG_OP IN ('UPDATE', 'DELETE') THEN ${COUNTRY_DEC('OLD')} END IF;
       IF TG_OP IN ('UPDATE', 'INSERT') THEN ${COUNTRY_INC('NEW')} END IF;
       RETURN NULL;
     END $$`,
  );
  await run(
    db,
    `CREATE TRIGGER orders_country_insert AFTER INSERT OR DELETE ON orders
     FOR EACH ROW EXECUTE FUNCTION orders_country_report()`,
  );
  await run(
    db,
    `CREATE TRIGGER orders_country_update AFTER UPDATE OF created_at, nationality, processing_type ON orders
     FOR EACH ROW WHEN (${COUNTRY_CHANGED('IS DISTINCT FROM')}) EXECUTE FUNCTION orders_country_report()`,
  );
  // BEFORE: processed_at is part of the row being written, so the AFTER trigger sees it.
  await run(
    db,
    `CREATE FUNCTION orders_processed_at() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF TG_OP = 'INSERT' THEN
         IF NEW.processed_by IS NOT NULL THEN NEW.processed_at := COALESCE(NEW.processed_at, NEW.updated_at); END IF;
       ELSIF NEW.processed_by IS DISTINCT FROM OLD.processed_by THEN
         NEW.processed_at := CASE WHEN NEW.processed_by IS NULL THEN NULL ELSE NEW.updated_at END;
       END IF;
       RETURN NEW;
     END $$`,
  );
  await run(
    db,
    `CREATE TRIGGER orders_processed_at BEFORE INSERT OR UPDATE OF processed_by ON orders
     FOR EACH ROW EXECUTE FUNCTION orders_processed_at()`,
  );
  await run(
    db,
    `CREATE FUNCTION orders_processed_report() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF TG_OP IN ('UPDATE', 'DELETE') THEN ${PROCESSED_DEC('OLD')} END IF;
       IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.processed_by IS NOT NULL THEN
         ${PROCESSED_INC('NEW.processed_at', 'NEW.processed_by')}
       END IF;
       RETURN NULL;
     END $$`,
  );
  await run(
    db,
    `CREATE TRIGGER orders_processed_insert AFTER INSERT OR DELETE ON orders
     FOR EACH ROW EXECUTE FUNCTION orders_processed_report()`,
  );
  await run(
    db,
    `CREATE TRIGGER orders_processed_update AFTER UPDATE OF processed_by ON orders
     FOR EACH ROW WHEN (OLD.processed_by IS DISTINCT FROM NEW.processed_by) EXECUTE FUNCTION orders_processed_report()`,
  );
}

export async function down(db: AnyDb): Promise<void> {
  const triggers = [
    'orders_country_insert',
    'orders_country_delete',
    'orders_country_update',
    'orders_processed_at',
    'orders_processed_insert',
    'orders_processed_delete',
    'orders_processed_update',
  ];
  const postgres = dialectOf(db) === 'postgres';
  for (const name of triggers) await run(db, `DROP TRIGGER IF EXISTS ${name}${postgres ? ' ON orders' : ''}`);
  if (postgres) {
    for (const fn of ['orders_country_report', 'orders_processed_at', 'orders_processed_report'])
      await run(db, `DROP FUNCTION IF EXISTS ${fn}()`);
  }
  await db.schema.dropTable('report_processed_days').execute();
  await db.schema.dropTable('report_country_days').execute();
  await db.schema.alterTable('orders').dropColumn('processed_at').execute();
}
