import type { Transaction } from 'kysely';
import type { Database, NewOrder } from '../../db/schema.ts';
import type { TxContext } from '../../lib/transaction.ts';

/** An order a batch inserted: its row id and its order id. */
export interface Arrived {
  id: number;
  order_id: string;
}

/**
 * How a batch of new orders is written with their `created` events, which SQLite and PostgreSQL do
 * differently to the same effect (test/ingest.test.ts runs on both). PostgreSQL makes it one
 * statement (arrival-writes.pg.ts); SQLite, plain statements in the caller's transaction, which
 * cost nothing more there. Picked once in strategies.ts (strategiesFor).
 */
export interface ArrivalWrites {
  /**
   * Inserts the orders, skipping any whose order_id another request inserted meanwhile (the unique
   * index, ON CONFLICT DO NOTHING, instead of failing the batch), and logs one `created` event per
   * order inserted, with `source` as its detail and `at` as its time. Returns the rows inserted.
   */
  insert(
    trx: Transaction<Database>,
    tx: TxContext,
    orders: readonly NewOrder[],
    source: string,
    at: string,
  ): Promise<Arrived[]>;
}

declare module '../../context.ts' {
  interface Strategies {
    arrivalWrites: ArrivalWrites;
  }
}
