import { LEGAL_HOLD_DAYS_AFTER_DISPUTE, OPEN_DISPUTE_STATES, STATUS } from '@eta/shared';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Legal hold (DESIGN §16): nothing leaves an order in ChargeBack, with a dispute still open, or
 * within 120 days of a dispute closing (a second presentment or arbitration can follow). As a
 * condition on `orders`, for the retention pass and the erasure alike.
 */
export function notUnderLegalHold(eb: ExpressionBuilder<Database, 'orders'>, now: number) {
  const holdSince = new Date(now - LEGAL_HOLD_DAYS_AFTER_DISPUTE * 86_400_000).toISOString();
  return eb.and([
    eb('orders.process_status', '!=', STATUS.ChargeBack),
    eb.not(
      eb.exists(
        eb
          .selectFrom('disputes')
          .select('disputes.id')
          .whereRef('disputes.order_key', '=', 'orders.id')
          .where((d) =>
            d.or([
              d('disputes.state', 'in', [...OPEN_DISPUTE_STATES]),
              // a dispute recorded as already closed may carry no closed_at: its last change stands in
              d(d.fn.coalesce('disputes.closed_at', 'disputes.updated_at'), '>', holdSince),
            ]),
          ),
      ),
    ),
  ]);
}
