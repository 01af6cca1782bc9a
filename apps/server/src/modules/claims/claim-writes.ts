import type { NextOrderPick, TokenUser } from '@eta/shared';

/** The order "Next order" gave the member. */
export interface ClaimedOrder {
  id: number;
  order_id: string;
}

/**
 * "Next order" (DESIGN §18), which SQLite and PostgreSQL make differently to the same effect, as the
 * one-statement writes of orders (order-writes.ts): PostgreSQL one statement that skips the orders
 * another member is claiming this instant (FOR UPDATE SKIP LOCKED), SQLite a transaction, whose write
 * lock already makes claims one after another. Picked once in strategies.ts.
 */
export interface ClaimWrites {
  /**
   * Assigns to `staff` the first free order in the pick's statuses: the oldest (by created_at, then
   * id), or with `soonestDue` the one due soonest (sla_due_at, an order with none last, then created_at
   * and id; DESIGN §23). Logs an `assign` event as Assign to me does and announces it once committed.
   * Null when none is free.
   */
  nextOrder(
    staff: Pick<TokenUser, 'id' | 'name'>,
    pick: Pick<NextOrderPick, 'statuses' | 'soonestDue'>,
    at: string,
  ): Promise<ClaimedOrder | null>;
}

declare module '../../context.ts' {
  interface Strategies {
    claimWrites: ClaimWrites;
  }
}
