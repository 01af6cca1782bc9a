import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

// Written out here, not imported: migrations are frozen in time (migration 080's list, in its order).
const RUNNING = `'New', 'Priority Processing', 'moveToProcessMarch', 'Pending', 'Contact Customer', 'Customer Called'`;

/**
 * The UTC day an order falls due in, while it can be overdue (open, clock running, unmet, with a due
 * time: migration 080's `orders_overdue` holds the same orders); null otherwise. `r` is the row's
 * prefix: `NEW.`, `OLD.`, or '' in a table.
 */
const DUE_DAY = (r: string) =>
  `(CASE WHEN ${r}sla_met_at IS NULL AND ${r}process_status IN (${RUNNING}) THEN substr(${r}sla_due_at, 1, 10) END)`;

const ADD = 'ON CONFLICT (due_day) DO UPDATE SET n = order_due_days.n + EXCLUDED.n';
const inc = (r: string) =>
  `INSERT INTO order_due_days (due_day, n) SELECT ${DUE_DAY(r)}, 1 WHERE ${DUE_DAY(r)} IS NOT NULL ${ADD};`;
const dec = (r: string) => `UPDATE order_due_days SET n = n - 1 WHERE due_day = ${DUE_DAY(r)};`;

/**
 * Overdue Orders' count (DESIGN §18) without counting a few thousand orders each time it is asked
 * (issue 21: after every move across the running statuses it was counted again, about a fifth of
 * PostgreSQL's mixed workload). The orders that can be overdue are kept counted per due day, by
 * triggers, like the folder counters; the count at a time is the days before its day, summed, and
 * that day's orders due before it, counted through `orders_overdue` (one day's orders at most).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('order_due_days')
    .addColumn('due_day', 'text', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await run(
    db,
    `INSERT INTO order_due_days (due_day, n)
     SELECT substr(sla_due_at, 1, 10), COUNT(*) FROM orders
      WHERE sla_met_at IS NULL AND process_status IN (${RUNNING}) AND sla_due_at IS NOT NULL GROUP BY 1`,
  );
  const sqlite = dialectOf(db) === 'sqlite';
  const changed = `${DUE_DAY('OLD.')} ${sqlite ? 'IS NOT' : 'IS DISTINCT FROM'} ${DUE_DAY('NEW.')}`;
  if (sqlite) {
    await run(db, `CREATE TRIGGER orders_due_inserted AFTER INSERT ON orders BEGIN ${inc('NEW.')} END`);
    await run(db, `CREATE TRIGGER orders_due_deleted AFTER DELETE ON orders BEGIN ${dec('OLD.')} END`);
    await run(
      db,
      `CREATE TRIGGER orders_due_changed AFTER UPDATE OF process_status, sla_met_at, sla_due_at ON orders
       WHEN ${changed} BEGIN ${dec('OLD.')} ${inc('NEW.')} END`,
    );
    return;
  }
  const body = (statements: string) => `RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${statements} RETURN NULL; END $$`;
  // Once per statement for arrivals and removals: ingestion and the import insert by the thousand.
  await run(
    db,
    `CREATE FUNCTION orders_due_inserted() ${body(`
       INSERT INTO order_due_days (due_day, n)
       SELECT ${DUE_DAY('')}, COUNT(*) FROM new_rows WHERE ${DUE_DAY('')} IS NOT NULL GROUP BY 1 ORDER BY 1 ${ADD};`)}`,
  );
  await run(
    db,
    `CREATE FUNCTION orders_due_deleted() ${body(`
       UPDATE order_due_days d SET n = d.n - g.n
         FROM (SELECT ${DUE_DAY('')}, COUNT(*) FROM old_rows WHERE ${DUE_DAY('')} IS NOT NULL GROUP BY 1) AS g (day, n)
        WHERE d.due_day = g.day;`)}`,
  );
  await run(db, `CREATE FUNCTION orders_due_changed() ${body(`${dec('OLD.')} ${inc('NEW.')}`)}`);
  await run(
    db,
    `CREATE TRIGGER orders_due_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION orders_due_inserted()`,
  );
  await run(
    db,
    `CREATE TRIGGER orders_due_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
     FOR EACH STATEMENT EXECUTE FUNCTION orders_due_deleted()`,
  );
  await run(
    db,
    `CREATE TRIGGER orders_due_changed AFTER UPDATE OF process_status, sla_met_at, sla_due_at ON orders
     FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION orders_due_changed()`,
  );
  await run(db, `CREATE FUNCTION orders_due_emptied() ${body('TRUNCATE order_due_days;')}`);
  await run(
    db,
    'CREATE TRIGGER orders_due_emptied AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION orders_due_emptied()',
  );
}

export async function down(db: AnyDb): Promise<void> {
  const triggers = ['orders_due_inserted', 'orders_due_deleted', 'orders_due_changed'];
  if (dialectOf(db) === 'sqlite') {
    for (const name of triggers) await run(db, `DROP TRIGGER ${name}`);
  } else {
    for (const name of [...triggers, 'orders_due_emptied']) {
      await run(db, `DROP TRIGGER ${name} ON orders`);
      await run(db, `DROP FUNCTION ${name}()`);
    }
  }
  await db.schema.dropTable('order_due_days').execute();
}
