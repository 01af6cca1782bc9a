import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';

/**
 * What the last call learnt of the processor's key, in the database so every instance's readiness
 * and dashboard say the same: a 401 sets `key_refused_at`, any call Stripe accepts clears it.
 */
export async function noteKeyRefused(db: Kysely<Database>, message: string, at: string): Promise<void> {
  await db
    .insertInto('processor_status')
    .values({ processor: 'stripe', key_refused_at: at, last_error: message.slice(0, 500), updated_at: at })
    .onConflict((oc) =>
      oc.column('processor').doUpdateSet((eb) => ({
        // the first refusal's time stays: "refused since"
        key_refused_at: eb.fn.coalesce('processor_status.key_refused_at', eb.val(at)),
        last_error: message.slice(0, 500),
        updated_at: at,
      })),
    )
    .execute();
}

export async function noteKeyAccepted(db: Kysely<Database>, at: string): Promise<void> {
  await db
    .updateTable('processor_status')
    .set({ key_refused_at: null, last_error: null, updated_at: at })
    .where('processor', '=', 'stripe')
    .where('key_refused_at', 'is not', null)
    .execute();
}

export async function keyRefusedAt(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('processor_status')
    .select('key_refused_at')
    .where('processor', '=', 'stripe')
    .executeTakeFirst();
  return row?.key_refused_at ?? null;
}

/**
 * Readiness's words for the refused key: for operators, so it names the setting to replace (staff
 * read REFUND_MSG.keyRefused on the dashboard instead).
 */
export const KEY_REFUSED_WARNING =
  'Stripe refused STRIPE_SECRET_KEY (401): refunds and dispute evidence wait until the key is replaced.';

/** What readiness says of the processor: the refused key, while it is refused. */
export async function processorWarnings(ctx: AppContext): Promise<string[]> {
  if (!ctx.config.stripe.secretKey) return [];
  const since = await keyRefusedAt(ctx.db);
  return since ? [`${KEY_REFUSED_WARNING} Since ${since}.`] : [];
}
