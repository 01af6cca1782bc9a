import { type Kysely, sql } from 'kysely';
import { type DialectName, dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

// Written out here, not imported: migrations are frozen in time. RUNNING keeps shared's
// SLA_RUNNING_STATUSES order: SQLite uses the partial index only for that very IN list.
const PAUSED = `'Awaiting ', 'AwaitingGovt'`;
const RUNNING = `'New', 'Priority Processing', 'moveToProcessMarch', 'Pending', 'Contact Customer', 'Customer Called'`;
const OPEN = `process_status IN (${RUNNING}, ${PAUSED})`;
/**
 * SERVICE_LEVEL_DEFAULT_HOURS as shipped: what the open orders of an upgrade get
 * (docs/decisions/0166-only-open-orders-are-measured-from-the-upgrade.md)
 */
const HOURS = `CASE WHEN processing_type = 'priority' THEN 24 ELSE 72 END`;

/** ISO text (fixed width, milliseconds, Z) of `due` moved on by `to - from`, and of `at` plus hours. */
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const TIME = {
  sqlite: {
    shift: (due: string, from: string, to: string) =>
      `strftime('%Y-%m-%dT%H:%M:%fZ', julianday(${due}) + (julianday(${to}) - julianday(${from})))`,
    plusHours: (at: string, hours: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${at}, '+' || (${hours}) || ' hours')`,
  },
  postgres: {
    shift: (due: string, from: string, to: string) =>
      `to_char((${due}::timestamptz + (${to}::timestamptz - ${from}::timestamptz)) AT TIME ZONE 'UTC', ${ISO})`,
    plusHours: (at: string, hours: string) =>
      `to_char((${at}::timestamptz + make_interval(hours => ${hours})) AT TIME ZONE 'UTC', ${ISO})`,
  },
} satisfies Record<DialectName, unknown>;

/** An order counts in the report's share when it has a due time, as met when its first document came by it. */
const MEASURED = (r: string) => `(CASE WHEN ${r}sla_due_at IS NOT NULL THEN 1 ELSE 0 END)`;
const MET = (r: string) =>
  `(CASE WHEN ${r}sla_met_at IS NOT NULL AND ${r}sla_met_at <= ${r}sla_due_at THEN 1 ELSE 0 END)`;
const FLAGS_CHANGED = `(${MEASURED('OLD.')} <> ${MEASURED('NEW.')} OR ${MET('OLD.')} <> ${MET('NEW.')})`;

/**
 * Migration 010's and 023's processed-by tally writes, with this migration's two flags beside `n`
 * (`flags`), or as they were (down). `r` is the row's prefix: `NEW.`, `OLD.`, or '' in a transition table.
 */
function tally(flags: boolean) {
  const cols = flags ? 'report_day, staff_id, n, sla_measured, sla_met' : 'report_day, staff_id, n';
  const add = `ON CONFLICT (report_day, staff_id) DO UPDATE SET n = report_processed_days.n + EXCLUDED.n${
    flags
      ? `, sla_measured = report_processed_days.sla_measured + EXCLUDED.sla_measured,
           sla_met = report_processed_days.sla_met + EXCLUDED.sla_met`
      : ''
  };`;
  const one = (r: string) => (flags ? `1, ${MEASURED(r)}, ${MET(r)}` : '1');
  return {
    add,
    /** one order into its day: `day` is an expression, the staff member is `r`'s processed_by */
    inc: (day: string, r: string) =>
      `INSERT INTO report_processed_days (${cols}) SELECT substr(${day}, 1, 10), ${r}processed_by, ${one(r)}
        WHERE ${r}processed_by IS NOT NULL ${add}`,
    dec: (r: string) =>
      `UPDATE report_processed_days SET n = n - 1${
        flags ? `, sla_measured = sla_measured - ${MEASURED(r)}, sla_met = sla_met - ${MET(r)}` : ''
      } WHERE ${r}processed_by IS NOT NULL AND report_day = substr(${r}processed_at, 1, 10) AND staff_id = ${r}processed_by;`,
    /** PostgreSQL's statement triggers (023): a batch of inserted or deleted orders at once */
    inserted: `INSERT INTO report_processed_days (${cols})
      SELECT substr(processed_at, 1, 10), processed_by, COUNT(*)${flags ? `, SUM(${MEASURED('')}), SUM(${MET('')})` : ''}
        FROM new_rows WHERE processed_by IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2 ${add}`,
    deleted: `UPDATE report_processed_days d SET n = d.n - g.n${
      flags ? ', sla_measured = d.sla_measured - g.measured, sla_met = d.sla_met - g.met' : ''
    } FROM (SELECT substr(processed_at, 1, 10), processed_by, COUNT(*)${
      flags ? `, SUM(${MEASURED('')}), SUM(${MET('')})` : ''
    } FROM old_rows WHERE processed_by IS NOT NULL GROUP BY 1, 2) AS g (day, staff_id, n${flags ? ', measured, met' : ''})
      WHERE d.report_day = g.day AND d.staff_id = g.staff_id;`,
  };
}

/**
 * Service levels (DESIGN §18, issue 21). Orders gain `sla_due_at` (set on arrival by ingestion from
 * SLA_*_HOURS), `sla_met_at` (the first document upload) and `sla_paused_at` (while Awaiting or
 * AwaitingGovt). Triggers keep them whatever path writes, as they keep the counters and tallies:
 * - a status change into a paused status starts the pause at the write's updated_at (the app's
 *   clock); one out of it moves the due time on by the pause and ends it. A met order never pauses.
 * - a document insert meets an unmet order at the document's created_at, ending a pause first.
 * - report_processed_days gains `sla_measured` and `sla_met` beside `n`, kept by the triggers that
 *   keep `n` (010, 023) and by any change of an already processed order's two flags.
 * Only open orders are backfilled (a few thousand at a million orders, through the status index):
 * rewriting a million closed orders would take minutes on PostgreSQL for a promise long settled.
 * Closed orders stay unmeasured (sla_due_at null), out of the report's share.
 * `orders_overdue` holds the open, unmet orders whose clock runs, by due time: the Overdue folder's
 * page reads it in order and its count counts one range of it (no counter can know the time).
 */
export async function up(db: AnyDb): Promise<void> {
  const dialect = dialectOf(db);
  for (const column of ['sla_due_at', 'sla_met_at', 'sla_paused_at']) {
    await db.schema.alterTable('orders').addColumn(column, 'text').execute();
  }
  for (const column of ['sla_measured', 'sla_met']) {
    await db.schema
      .alterTable('report_processed_days')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await run(db, `UPDATE orders SET sla_due_at = ${TIME[dialect].plusHours('created_at', HOURS)} WHERE ${OPEN}`);
  await run(
    db,
    `UPDATE orders SET sla_met_at = (SELECT MIN(d.created_at) FROM documents d WHERE d.order_id = orders.id)
      WHERE ${OPEN}`,
  );
  // Paused since its latest status change (the move into waiting), or since it arrived waiting.
  await run(
    db,
    `UPDATE orders SET sla_paused_at = COALESCE(
       (SELECT MAX(e.created_at) FROM order_events e WHERE e.order_id = orders.id AND e.kind = 'status'), created_at)
      WHERE process_status IN (${PAUSED}) AND sla_met_at IS NULL`,
  );
  await run(
    db,
    `INSERT INTO report_processed_days (report_day, staff_id, n, sla_measured, sla_met)
     SELECT substr(processed_at, 1, 10), processed_by, 0, COUNT(*), SUM(${MET('')}) FROM orders
      WHERE ${OPEN} AND processed_by IS NOT NULL AND processed_at IS NOT NULL
      GROUP BY substr(processed_at, 1, 10), processed_by ${tally(true).add}`,
  );
  // SQLite keeps no statistics: offered `process_status IN (…)` on (process_status, created_at), it
  // takes that and sorts, unless this index also opens with an equality (`sla_met_at IS NULL`, the
  // same for every entry). PostgreSQL takes no IS NULL as an equality for the order, so would sort then.
  const key = dialect === 'sqlite' ? 'sla_met_at, sla_due_at, id' : 'sla_due_at, id';
  await run(
    db,
    `CREATE INDEX orders_overdue ON orders (${key}) WHERE sla_met_at IS NULL AND process_status IN (${RUNNING})`,
  );
  if (dialect === 'sqlite') await sqliteUp(db);
  else await postgresUp(db);
}

/** The pause turns: paused status and pause start disagree (into waiting, or out of it). */
const PAUSE_TURNS = (r: string) => `${r}sla_met_at IS NULL AND ${r}sla_due_at IS NOT NULL
  AND (${r}process_status IN (${PAUSED})) <> (${r}sla_paused_at IS NOT NULL)`;

async function sqliteUp(db: AnyDb): Promise<void> {
  const { shift } = TIME.sqlite;
  // SQLite triggers cannot change NEW: a second UPDATE of the sla columns only, which this trigger does not hear.
  await run(
    db,
    `CREATE TRIGGER orders_sla_pause AFTER UPDATE OF process_status ON orders WHEN ${PAUSE_TURNS('NEW.')} BEGIN
       UPDATE orders SET
         sla_due_at = CASE WHEN NEW.sla_paused_at IS NOT NULL AND NEW.updated_at > NEW.sla_paused_at
           THEN ${shift('sla_due_at', 'NEW.sla_paused_at', 'NEW.updated_at')} ELSE sla_due_at END,
         sla_paused_at = CASE WHEN NEW.sla_paused_at IS NULL THEN NEW.updated_at ELSE NULL END
        WHERE id = NEW.id;
     END`,
  );
  await run(
    db,
    `CREATE TRIGGER documents_sla_met AFTER INSERT ON documents BEGIN
       UPDATE orders SET sla_met_at = NEW.created_at,
         sla_due_at = CASE WHEN sla_paused_at IS NOT NULL AND NEW.created_at > sla_paused_at
           THEN ${shift('sla_due_at', 'sla_paused_at', 'NEW.created_at')} ELSE sla_due_at END,
         sla_paused_at = NULL
        WHERE id = NEW.order_id AND sla_met_at IS NULL AND sla_due_at IS NOT NULL;
     END`,
  );
  await sqliteTallyTriggers(db, true);
  // An order already processed whose first document comes after (or is taken back by a down).
  await run(
    db,
    `CREATE TRIGGER orders_sla_tally AFTER UPDATE OF sla_due_at, sla_met_at ON orders
     WHEN NEW.processed_by IS NOT NULL AND OLD.processed_by IS NEW.processed_by AND ${FLAGS_CHANGED} BEGIN
       UPDATE report_processed_days SET sla_measured = sla_measured + ${MEASURED('NEW.')} - ${MEASURED('OLD.')},
         sla_met = sla_met + ${MET('NEW.')} - ${MET('OLD.')}
        WHERE report_day = substr(NEW.processed_at, 1, 10) AND staff_id = NEW.processed_by;
     END`,
  );
}

/** Migration 010's three SQLite tally triggers, made again with or without the flags. */
async function sqliteTallyTriggers(db: AnyDb, flags: boolean): Promise<void> {
  const { inc, dec } = tally(flags);
  for (const name of ['orders_processed_insert', 'orders_processed_delete', 'orders_processed_update']) {
    await run(db, `DROP TRIGGER IF EXISTS ${name}`);
  }
  await run(
    db,
    `CREATE TRIGGER orders_processed_insert AFTER INSERT ON orders WHEN NEW.processed_by IS NOT NULL BEGIN
       UPDATE orders SET processed_at = COALESCE(NEW.processed_at, NEW.updated_at) WHERE id = NEW.id;
       ${inc('COALESCE(NEW.processed_at, NEW.updated_at)', 'NEW.')}
     END`,
  );
  await run(db, `CREATE TRIGGER orders_processed_delete AFTER DELETE ON orders BEGIN ${dec('OLD.')} END`);
  await run(
    db,
    `CREATE TRIGGER orders_processed_update AFTER UPDATE OF processed_by ON orders
     WHEN OLD.processed_by IS NOT NEW.processed_by BEGIN
       ${dec('OLD.')}
       UPDATE orders SET processed_at = CASE WHEN NEW.processed_by IS NULL THEN NULL ELSE NEW.updated_at END
        WHERE id = NEW.id;
       ${inc('NEW.updated_at', 'NEW.')}
     END`,
  );
}

async function postgresUp(db: AnyDb): Promise<void> {
  const { shift } = TIME.postgres;
  // BEFORE: the pause is part of the row being written.
  await run(
    db,
    `CREATE FUNCTION orders_sla_pause() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF NEW.sla_paused_at IS NULL THEN
         NEW.sla_paused_at := NEW.updated_at;
       ELSE
         IF NEW.updated_at > NEW.sla_paused_at THEN
           NEW.sla_due_at := ${shift('NEW.sla_due_at', 'NEW.sla_paused_at', 'NEW.updated_at')};
         END IF;
         NEW.sla_paused_at := NULL;
       END IF;
       RETURN NEW;
     END $$`,
  );
  await run(
    db,
    `CREATE TRIGGER orders_sla_pause BEFORE UPDATE OF process_status ON orders
     FOR EACH ROW WHEN (${PAUSE_TURNS('NEW.')}) EXECUTE FUNCTION orders_sla_pause()`,
  );
  // Once per statement: the bench and the demo insert documents by the thousand.
  await run(
    db,
    `CREATE FUNCTION documents_sla_met() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       UPDATE orders o SET sla_met_at = d.first_at,
         sla_due_at = CASE WHEN o.sla_paused_at IS NOT NULL AND d.first_at > o.sla_paused_at
           THEN ${shift('o.sla_due_at', 'o.sla_paused_at', 'd.first_at')} ELSE o.sla_due_at END,
         sla_paused_at = NULL
         FROM (SELECT order_id, MIN(created_at) AS first_at FROM new_docs GROUP BY order_id) d
        WHERE o.id = d.order_id AND o.sla_met_at IS NULL AND o.sla_due_at IS NOT NULL;
       RETURN NULL;
     END $$`,
  );
  await run(
    db,
    `CREATE TRIGGER documents_sla_met AFTER INSERT ON documents REFERENCING NEW TABLE AS new_docs
     FOR EACH STATEMENT EXECUTE FUNCTION documents_sla_met()`,
  );
  await postgresTally(db, true);
}

/** Migration 023's country tallies, unchanged: they share their statement functions with the processed ones. */
const COUNTRY_KEY = `substr(created_at, 1, 10), COALESCE(TRIM(nationality), ''), processing_type`;
const COUNTRY_INSERTED = `
  INSERT INTO report_country_days (report_day, nationality, processing_type, n)
  SELECT ${COUNTRY_KEY}, COUNT(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (report_day, nationality, processing_type) DO UPDATE SET n = report_country_days.n + EXCLUDED.n;`;
const COUNTRY_DELETED = `
  UPDATE report_country_days d SET n = d.n - g.n
    FROM (SELECT ${COUNTRY_KEY}, COUNT(*) AS n FROM old_rows GROUP BY 1, 2, 3) AS g (day, nationality, type, n)
   WHERE d.report_day = g.day AND d.nationality = g.nationality AND d.processing_type = g.type;`;

/** 010's row function and trigger and 023's statement functions, with or without the flags. */
async function postgresTally(db: AnyDb, flags: boolean): Promise<void> {
  const t = tally(flags);
  const body = (statements: string) => `RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${statements} RETURN NULL; END $$`;
  await run(db, `CREATE OR REPLACE FUNCTION orders_report_inserted() ${body(`${COUNTRY_INSERTED} ${t.inserted}`)}`);
  await run(db, `CREATE OR REPLACE FUNCTION orders_report_deleted() ${body(`${COUNTRY_DELETED} ${t.deleted}`)}`);
  await run(
    db,
    `CREATE OR REPLACE FUNCTION orders_processed_report() ${body(`
       IF TG_OP IN ('UPDATE', 'DELETE') THEN ${t.dec('OLD.')} END IF;
       IF TG_OP IN ('UPDATE', 'INSERT') THEN ${t.inc('NEW.processed_at', 'NEW.')} END IF;`)}`,
  );
  await run(db, 'DROP TRIGGER orders_processed_update ON orders');
  const when = flags
    ? `OLD.processed_by IS DISTINCT FROM NEW.processed_by OR (NEW.processed_by IS NOT NULL AND ${FLAGS_CHANGED})`
    : 'OLD.processed_by IS DISTINCT FROM NEW.processed_by';
  await run(
    db,
    `CREATE TRIGGER orders_processed_update AFTER UPDATE OF processed_by${flags ? ', sla_due_at, sla_met_at' : ''}
     ON orders FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION orders_processed_report()`,
  );
}

export async function down(db: AnyDb): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    for (const name of ['orders_sla_pause', 'documents_sla_met', 'orders_sla_tally']) {
      await run(db, `DROP TRIGGER ${name}`);
    }
    await sqliteTallyTriggers(db, false);
  } else {
    await postgresTally(db, false);
    await run(db, 'DROP TRIGGER orders_sla_pause ON orders');
    await run(db, 'DROP TRIGGER documents_sla_met ON documents');
    await run(db, 'DROP FUNCTION orders_sla_pause()');
    await run(db, 'DROP FUNCTION documents_sla_met()');
  }
  await db.schema.dropIndex('orders_overdue').execute();
  for (const column of ['sla_met', 'sla_measured']) {
    await db.schema.alterTable('report_processed_days').dropColumn(column).execute();
  }
  for (const column of ['sla_paused_at', 'sla_met_at', 'sla_due_at']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
