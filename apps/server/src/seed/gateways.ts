import type { AppContext } from '../context.ts';
import { nowIso } from '../lib/time.ts';
import * as repo from '../modules/gateways/gateways.repository.ts';

/** The configured gateways exist for both domains, and each domain has one active. Idempotent. */
export async function seedGateways(ctx: AppContext): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const at = nowIso(ctx.clock);
    await repo.insertMissing(trx, ctx.config.gatewayNames, at);
    await repo.ensureOneActivePerDomain(trx, at);
  });
}
