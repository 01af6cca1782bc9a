import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { removeInboundMailById } from './inbound-removal.ts';
import { notUnderLegalHold } from './legal-hold.ts';
import { eraseReplySubjects } from './personal-copies.repository.ts';

/** ids looked at per query, as the order steps do: no query holds the event loop for long */
const SCAN_WINDOW = 5000;
const DAY_MS = 86_400_000;

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The customer's mails that the order steps cannot reach (decisions/0333): mail never linked to an
 * order, removed RETENTION_DOCUMENTS_DAYS after it was read; and mail that came to (or was linked
 * to) an order after its documents were already removed, by retention or by erasure, removed on the
 * next pass unless the order is under legal hold. Each mail is claimed by its `removed_at`, so a
 * pass run again or beside another removes nothing twice. Returns how many mails it removed.
 */
export async function removeLeftOverInbound(ctx: AppContext, now: number, at: string): Promise<number> {
  const { documentsDays, batch } = ctx.config.retention;
  const cutoff = new Date(now - documentsDays * DAY_MS).toISOString();
  const last = await ctx.db
    .selectFrom('inbound_mail')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const maxId = Number(last?.id ?? 0);
  let removed = 0;
  for (let from = 0; from < maxId; from += SCAN_WINDOW) {
    const window = ctx.db
      .selectFrom('inbound_mail')
      .select('inbound_mail.id')
      .where('inbound_mail.id', '>', from)
      .where('inbound_mail.id', '<=', from + SCAN_WINDOW)
      .where('inbound_mail.removed_at', 'is', null);
    const [unmatched, late] = await Promise.all([
      window.where('inbound_mail.order_key', 'is', null).where('inbound_mail.created_at', '<', cutoff).execute(),
      // on orders whose documents went and that no legal hold keeps: each mail of the window looks up its order
      window
        .innerJoin('orders', 'orders.id', 'inbound_mail.order_key')
        .select(['orders.id as order_db_id', 'orders.personal_erased_at'])
        .where('orders.documents_removed_at', 'is not', null)
        .where((eb) => notUnderLegalHold(eb, now))
        .execute(),
    ]);
    // a reply read onto an erased order put its subject in Activity: it goes with the mail
    const due = [
      ...unmatched.map((r) => ({ id: r.id, erasedOrder: null })),
      ...late.map((r) => ({ id: r.id, erasedOrder: r.personal_erased_at ? r.order_db_id : null })),
    ];
    for (let i = 0; i < due.length; i += batch) {
      const slice = due.slice(i, i + batch);
      const erased = new Set(slice.flatMap((m) => (m.erasedOrder === null ? [] : [m.erasedOrder])));
      removed += await inTransaction(ctx.transactions, async (trx) => {
        const done = await removeInboundMailById(
          trx,
          slice.map((m) => m.id),
          at,
        );
        await eraseReplySubjects(trx, [...erased]);
        return done;
      });
      await yieldToRequests();
    }
    await yieldToRequests();
  }
  return removed;
}
