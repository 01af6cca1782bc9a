import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { lockDomain } from './gateways.repository.ts';

/**
 * Two managers switching one domain's gateway at once: the second waits for the first, then wins.
 * PostgreSQL locks the domain's rows; SQLite has nothing to take, since its write transaction
 * already holds the database (lib/transaction.ts). Picked once in app.ts.
 */
export interface GatewayLocks {
  lockDomain(trx: Transaction<Database>, secondary: number): Promise<void>;
}

declare module '../../context.ts' {
  interface Strategies {
    gatewayLocks: GatewayLocks;
  }
}

export const postgresGatewayLocks: GatewayLocks = { lockDomain };
export const sqliteGatewayLocks: GatewayLocks = { lockDomain: async () => {} };
