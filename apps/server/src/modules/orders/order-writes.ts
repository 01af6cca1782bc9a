import type { OrderStatus } from '@eta/shared';
import type { Writer } from '../order-changes/index.ts';
import type { HoldChange } from './bulk.ts';

/**
 * The writes to orders that SQLite and PostgreSQL make differently, to the same effect (the contract
 * suite, test/order-writes.test.ts, runs the same cases on both). PostgreSQL makes each one
 * statement, its own transaction: every statement there is a round trip (about 150 µs of CPU, issue
 * 8). SQLite makes them a transaction of plain statements, which costs nothing more there: its
 * transaction holds the database's write lock. Picked once in strategies.ts (strategiesFor); the services
 * keep the rules (who may take over, what the reply says) and hand the decisions here.
 */
export interface OrderWrites {
  /**
   * Assigns to `staff` the named orders that are free, or held by another when `takeover`: one
   * `assign` (or `takeover`) event per order taken. The change lists every order found, locked.
   */
  assign(staff: Writer, orderIds: readonly string[], takeover: boolean, at: string): Promise<HoldChange>;
  /** Frees the named orders held by `staff`, or by anyone when `anyHolder`: one `unassign` event each. */
  unassign(staff: Writer, orderIds: readonly string[], anyHolder: boolean, at: string): Promise<HoldChange>;
  /**
   * Moves one order to `to` as the shared transition table (moveRefusal) and the hold rule allow, and
   * on Completed attributes it to the member unless someone already is (DESIGN §6), with the status
   * and processed_by events. Refused: 404, 409 naming the holder, 403, 400, or 409 with the status.
   */
  moveOne(staff: Writer, orderId: string, to: OrderStatus, at: string): Promise<{ order_id: string; from: string }>;
}

declare module '../../context.ts' {
  interface Strategies {
    orderWrites: OrderWrites;
  }
}
