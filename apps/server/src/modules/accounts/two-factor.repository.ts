import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A member's second factor: the TOTP columns of staff and their recovery codes. Queries only. */
type Db = Kysely<Database> | Transaction<Database>;

export async function setPendingSecret(db: Db, staffId: number, secret: string, at: string): Promise<void> {
  await db
    .updateTable('staff')
    .set({ totp_pending_secret: secret, updated_at: at })
    .where('id', '=', staffId)
    .execute();
}

/** The pending secret becomes the secret; the code that proved it is the newest step taken. */
export async function enable(db: Db, staffId: number, secret: string, step: number, at: string): Promise<void> {
  await db
    .updateTable('staff')
    .set({
      totp_secret: secret,
      totp_pending_secret: null,
      totp_last_step: step,
      two_factor_enabled_at: at,
      updated_at: at,
    })
    .where('id', '=', staffId)
    .execute();
}

export async function disable(db: Db, staffId: number, at: string): Promise<void> {
  await db
    .updateTable('staff')
    .set({
      totp_secret: null,
      totp_pending_secret: null,
      totp_last_step: null,
      two_factor_enabled_at: null,
      updated_at: at,
    })
    .where('id', '=', staffId)
    .execute();
  await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
}

/**
 * Takes a step only if it is newer than the last one taken: two sign-ins racing with one code,
 * on two instances, end with one success (the row's update is the arbiter).
 */
export async function takeStep(db: Db, staffId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('staff')
    .set({ totp_last_step: step })
    .where('id', '=', staffId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function replaceRecoveryCodes(db: Db, staffId: number, hashes: readonly string[]): Promise<void> {
  await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
  await db
    .insertInto('staff_recovery_codes')
    .values(hashes.map((code_hash) => ({ staff_id: staffId, code_hash, used_at: null })))
    .execute();
}

/** Marks an unused code used; false when there is none such (wrong, or used before). */
export async function useRecoveryCode(db: Db, staffId: number, hash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: at })
    .where('staff_id', '=', staffId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function recoveryCodesLeft(db: Db, staffId: number): Promise<number> {
  const row = await db
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}
