import type { AppContext } from '../context.ts';
import { nowIso } from '../lib/time.ts';
import { gatewaysRepo } from '../modules/gateways/index.ts';

/** The configured gateways exist for both domains, and each domain has one active. Idempotent. */
export async function seedGateways(ctx: AppContext): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const at = nowIso(ctx.clock);
    await gatewaysRepo.insertMissing(trx, ctx.config.gatewayNames, at);
    await gatewaysRepo.ensureOneActivePerDomain(trx, at);
  });
}
