import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { claimDueInOneWriter, claimDueSkippingLocked, type OutboxRow } from './outbox.repository.ts';

/**
 * How a mail worker takes due rows, which SQLite and PostgreSQL do in different statements to the
 * same effect. Up to `limit` due rows are taken in a single statement: queued rows whose time has
 * come, and rows left in `sending` by a worker whose lease ran out (it crashed or hung). Each row
 * becomes `sending` under `token` until `leaseUntil`, and counts an attempt. Picked once in strategies.ts.
 */
export interface OutboxClaim {
  claimDue(db: Kysely<Database>, token: string, now: string, leaseUntil: string, limit: number): Promise<OutboxRow[]>;
}

declare module '../../context.ts' {
  interface Strategies {
    outboxClaim: OutboxClaim;
  }
}

/** Several instances share the outbox: each skips the rows another is taking (SKIP LOCKED). */
export const postgresOutboxClaim: OutboxClaim = { claimDue: claimDueSkippingLocked };

/** One writer at a time: the claim cannot meet another. */
export const sqliteOutboxClaim: OutboxClaim = { claimDue: claimDueInOneWriter };
