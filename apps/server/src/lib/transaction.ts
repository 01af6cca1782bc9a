import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** PostgreSQL deadlock and serialization failures, SQLite busy: the transaction may simply be run again. */
function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001' || code === 'SQLITE_BUSY';
}

/**
 * Runs `work` again (up to `attempts` times) when the database gave up on it because of another
 * writer: bulk updates over many rows can meet in a deadlock on PostgreSQL, and the loser must not
 * become a 500 for the member who clicked. `work` must be a whole transaction, or one statement.
 */
export async function retryingConflicts<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

/** Runs `work` in one transaction, run again when it lost to another writer (retryingConflicts). */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
  attempts = 4,
): Promise<T> {
  return retryingConflicts(() => db.transaction().execute(work), attempts);
}
