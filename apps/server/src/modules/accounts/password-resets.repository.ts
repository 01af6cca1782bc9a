import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Password reset links (DESIGN §17): the token's hash, 30 minutes, used once. Queries only. */
type Db = Kysely<Database> | Transaction<Database>;

export async function insert(db: Db, staffId: number, tokenHash: string, at: string, expiresAt: string): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ staff_id: staffId, token_hash: tokenHash, created_at: at, expires_at: expiresAt, used_at: null })
    .execute();
}

/**
 * Uses the link: the member it belongs to when it was unused and unexpired, else undefined. One
 * statement, so two tabs submitting one link end with one new password.
 */
export async function use(db: Db, tokenHash: string, at: string): Promise<number | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('staff_id')
    .executeTakeFirst();
  return row?.staff_id;
}

/** A new password makes every other link of the member worthless. */
export async function useAllOf(db: Db, staffId: number, at: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .execute();
}
