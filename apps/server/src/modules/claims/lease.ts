import { idleReleaseNote, LEASED_STATUSES, ORDER_EVENT } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { appendEvents } from '../order-changes/index.ts';
import { staffNames } from '../staff/index.ts';
import { holdersIn, lockIdleClaims, releaseIfIdle } from './claims.repository.ts';

/** orders per transaction: SQLite's write lock is held for a moment, never for a whole pass */
const BATCH = 200;
const MINUTE_MS = 60_000;

/**
 * The claim lease (DESIGN §18): every order claimed in New, Priority Processing or
 * moveToProcessMarch whose holder has logged nothing on it for CLAIM_IDLE_MINUTES (the claim itself
 * is such an event) returns to its folder, as an `unassign` logged by the system (actor null) and
 * announced like any other. The job's pass, and what tests and operators call; answers how many
 * orders went back. Safe beside another pass (another instance's): each order is locked, then freed
 * only if it is still held and still idle, so none is released, or logged, twice.
 */
export async function releaseIdleClaims(
  ctx: Pick<AppContext, 'db' | 'transactions' | 'clock' | 'config'>,
): Promise<number> {
  const minutes = ctx.config.claimIdleMinutes;
  if (minutes <= 0) return 0;
  const now = ctx.clock();
  const at = new Date(now).toISOString();
  const cutoff = new Date(now - minutes * MINUTE_MS).toISOString();
  const note = idleReleaseNote(minutes);
  let total = 0;
  for (;;) {
    const pass = await inTransaction(ctx.transactions, async (trx, tx) => {
      const holders = await holdersIn(trx, LEASED_STATUSES);
      const idle = await lockIdleClaims(trx, holders, LEASED_STATUSES, cutoff, BATCH);
      const freed = new Set(
        await releaseIfIdle(
          trx,
          idle.map((o) => o.id),
          LEASED_STATUSES,
          cutoff,
          at,
        ),
      );
      const released = idle.filter((o) => freed.has(o.id));
      const names = await staffNames(trx, [...new Set(released.map((o) => o.assigned_to))]);
      await appendEvents(
        tx,
        null,
        released.map((o) => ({
          orderId: o.id,
          kind: ORDER_EVENT.unassign,
          from: names.get(o.assigned_to) ?? null,
          to: null,
          detail: note,
        })),
        at,
      );
      return { released: released.length, full: idle.length === BATCH };
    });
    total += pass.released;
    // a full batch may have more behind it; one that freed nothing (all renewed meanwhile) ends the pass
    if (!pass.full || pass.released === 0) return total;
  }
}
