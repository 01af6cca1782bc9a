import { ORDER_EVENT } from '@eta/shared';
import { sql } from 'kysely';
import type { NewOrder } from '../../db/schema.ts';
import { announceOrderEvents, eventsInsertSelected } from '../order-changes/index.ts';
import type { ArrivalWrites, Arrived } from './arrival-writes.ts';

/**
 * A lone UTF-16 surrogate (JSON allows `"\ud800"`) becomes U+FFFD, as node-pg's UTF-8 encoding of a
 * text parameter made it: JSON.stringify writes it as an escape that PostgreSQL's json refuses.
 */
const LONE_SURROGATE = /\p{Cs}/u;
const wellFormed = (text: string) => (LONE_SURROGATE.test(text) ? text.replace(/\p{Cs}/gu, '\uFFFD') : text);

/**
 * The batch as one parameter: a JSON array of the orders without their empty fields, and the columns
 * to fill. json_populate_recordset reads a missing key as NULL, and most of an order's ~67 columns
 * are empty (questionnaire answers not given): the parameter is a third of the size to send, check
 * and parse (25 ms a thousand orders → 10). The columns are those Kysely's multi-row VALUES would
 * name, every key some order has a value for; where an order has none, VALUES gave the column's
 * default and this gives NULL, the same but for processing_type and search_text, which the ingest
 * service fills for every order.
 */
function asJson(orders: readonly NewOrder[]): { columns: string[]; json: string } {
  const columns = new Set<string>();
  const filled = orders.map((order) => {
    const row: Record<string, unknown> = {};
    // for…in, not Object.entries: a thousand orders of ~67 keys cost 36 ms that way, 9 this one
    for (const column in order) {
      const value = order[column as keyof NewOrder];
      if (value === undefined) continue;
      columns.add(column);
      if (value !== null) row[column] = typeof value === 'string' ? wellFormed(value) : value;
    }
    return row;
  });
  return { columns: [...columns], json: JSON.stringify(filled) };
}

/**
 * PostgreSQL (issue 22): a batch of a thousand orders is one statement. As ten statements of a
 * hundred rows with ~67 parameters each, parsing, binding and planning cost as much of the
 * database's CPU as inserting; the orders now travel as one JSON parameter of a statement that is
 * prepared once per connection. The `created` events are inserted by the same statement, from what
 * it inserted, and the triggers on orders (folder counters, report tallies, the search table) run
 * once, at its end: the counter rows they update stay locked only until the commit that follows, so
 * a second batch arriving at the same time is written alongside instead of waiting behind this one.
 */
export const postgresArrivalWrites: ArrivalWrites = {
  async insert(trx, tx, orders, source, at): Promise<Arrived[]> {
    if (orders.length === 0) return [];
    const batch = asJson(orders);
    const columns = sql.join(batch.columns.map((column) => sql.ref(column)));
    const { rows } = await sql<Arrived & { process_status: string }>`
      with arrived as (
        insert into orders (${columns})
        select ${columns} from json_populate_recordset(null::orders, ${batch.json}::json)
        on conflict (order_id) do nothing
        returning id, order_id, process_status
      ), logged as (${eventsInsertSelected(
        { staffId: null, staffName: null, at },
        {
          each: {
            orderId: sql`arrived.id`,
            kind: sql`${ORDER_EVENT.created}::text`,
            from: sql`null`,
            to: sql`arrived.process_status`,
            detail: sql`${source}::text`,
          },
          source: sql`from arrived order by arrived.id`,
        },
      )})
      select id, order_id, process_status from arrived order by id`.execute(trx);
    const arrived = rows.map((r) => ({ id: r.id, order_id: r.order_id, status: r.process_status }));
    // logged in SQL above: announced as appendEvents would have (DESIGN §13)
    announceOrderEvents(tx, null, () =>
      arrived.map((r) => ({ orderId: r.id, kind: ORDER_EVENT.created, from: null, to: r.status, detail: source })),
    );
    return arrived.map(({ id, order_id }) => ({ id, order_id }));
  },
};
