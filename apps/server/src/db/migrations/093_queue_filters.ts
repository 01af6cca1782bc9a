import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's types
type AnyDb = Kysely<any>;

const run = (db: AnyDb, statement: string) => sql.raw(statement).execute(db);

/** Columns a queue filters by with an equality (DESIGN §23): one index leading with the folder's status, one for Order History. */
const FILTERED = [
  { column: 'domain', short: 'domain', partial: false },
  { column: 'payment_processor', short: 'processor', partial: true },
  { column: 'nationality', short: 'nationality', partial: true },
] as const;

/** The follow-up statuses (Awaiting Customer, with its trailing space, and Awaiting Govt), by index name. */
const FOLLOW_UP = [
  { name: 'orders_awaiting_follow_up', status: 'Awaiting ' },
  { name: 'orders_awaiting_govt_follow_up', status: 'AwaitingGovt' },
] as const;

/**
 * Queue filters and the follow-up sort (DESIGN §23, decision 0275). A filtered page is read in
 * date order from an index that holds the folder's status and the filter's value before the date,
 * so a rare value (a nationality, a processor) is a range, not a walk of the folder testing every
 * order; a filtered count reads the same range from the index alone. Order History (every status)
 * has the same without the status. Processor and nationality are often absent: those orders are
 * never asked for by value, so the partial indexes leave them out (a comparison implies IS NOT NULL,
 * which SQLite needs to use a partial index).
 * The Awaiting queues sort by follow-up day, soonest first and orders without one last: each
 * follow-up status has the sort's key (the literal the list writes) in a small partial index.
 * The holder, due and follow-up-due filters have theirs already (001, 080, 081).
 */
export async function up(db: AnyDb): Promise<void> {
  for (const { column, short, partial } of FILTERED) {
    const where = partial ? ` WHERE ${column} IS NOT NULL` : '';
    await run(
      db,
      `CREATE INDEX orders_status_${short}_created ON orders (process_status, ${column}, created_at, id)${where}`,
    );
    await run(db, `CREATE INDEX orders_${short}_created ON orders (${column}, created_at, id)${where}`);
  }
  for (const { name, status } of FOLLOW_UP) {
    await run(
      db,
      `CREATE INDEX ${name} ON orders (process_status, coalesce(follow_up_on, '9999-12-31'), id DESC)
        WHERE process_status = '${status}'`,
    );
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const { name } of FOLLOW_UP) await run(db, `DROP INDEX ${name}`);
  for (const { short } of FILTERED) {
    await run(db, `DROP INDEX orders_${short}_created`);
    await run(db, `DROP INDEX orders_status_${short}_created`);
  }
}
