import { LIVE, ORDER_MSG, type TokenUser } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LiveHub } from './hub.ts';
import { findOrderStatus } from './live.repository.ts';
import { markLeft, markViewing, sweepViewers, type Viewer, viewersSince } from './presence.repository.ts';

const byName = (a: Viewer, b: Viewer) => a.staff_name.localeCompare(b.staff_name) || a.staff_id - b.staff_id;
const sameViewers = (a: readonly Viewer[], b: readonly Viewer[]) =>
  a.length === b.length && a.every((v, i) => v.staff_id === b[i]?.staff_id && v.staff_name === b[i]?.staff_name);

/** how often a heartbeat also clears every order's expired viewers */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * "Also viewing" (DESIGN §18): an open detail beats every 20 s; a viewer unheard for 60 s is gone.
 * Every instance's streams hear the list when it changes (a viewer came, left, or timed out), not on
 * every beat.
 */
export function createPresenceService(ctx: Pick<AppContext, 'db' | 'clock'>, hub: LiveHub) {
  let lastSweep = 0;
  return {
    async beat(staff: TokenUser, orderId: string, viewing: boolean): Promise<string[]> {
      const order = await findOrderStatus(ctx.db, orderId);
      if (!order) throw AppError.notFound(ORDER_MSG.ordersNotFound);
      const now = ctx.clock();
      const since = new Date(now - LIVE.presenceTtlSeconds * 1000).toISOString();
      const before = (await viewersSince(ctx.db, order.id, since)).sort(byName);
      if (viewing) await markViewing(ctx.db, order.id, staff, new Date(now).toISOString());
      else await markLeft(ctx.db, order.id, staff.id);
      const after = viewing
        ? [...before.filter((v) => v.staff_id !== staff.id), { staff_id: staff.id, staff_name: staff.name }].sort(
            byName,
          )
        : before.filter((v) => v.staff_id !== staff.id);
      const viewers = after.map((v) => v.staff_name);
      if (!sameViewers(before, after))
        hub.send({ t: 'presence', orderId: order.order_id, status: order.process_status, viewers });
      if (now - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = now;
        await sweepViewers(ctx.db, since);
      }
      return viewers;
    },
  };
}
