import {
  AUDIT_ACTION,
  decodeId,
  encodeId,
  MSG,
  type PaymentGatewayRecord,
  SERVER_MSG,
  type TokenUser,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import type { GatewayRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestOrigin } from '../../lib/request-origin.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordAudit } from '../privacy/index.ts';
import * as repo from './gateways.repository.ts';

export function toGatewayRecord(row: GatewayRow): PaymentGatewayRecord {
  return {
    id: encodeId(row.id),
    gateway_name: row.gateway_name,
    is_active: row.is_active === 1 ? '1' : '0',
    is_secondary_domain: row.is_secondary_domain === 1 ? 1 : 0,
  };
}

export function createGatewayService(ctx: AppContext) {
  return {
    async list(): Promise<PaymentGatewayRecord[]> {
      return (await repo.listAll(ctx.db)).map(toGatewayRecord);
    },

    /** Makes one gateway the active one of its domain; a gateway of the other domain is refused. */
    async activate(
      actor: TokenUser,
      input: { gatewayId: string; isSecondaryDomain: 0 | 1 },
      origin: RequestOrigin,
    ): Promise<PaymentGatewayRecord> {
      const id = decodeId(input.gatewayId);
      if (id === null)
        throw AppError.badRequest(MSG.gatewayRequired, { 'gatewayDetails.gatewayId': MSG.gatewayRequired });
      const gateway = await repo.findById(ctx.db, id);
      if (!gateway) throw AppError.notFound(SERVER_MSG.gatewayNotFound);
      if (gateway.is_secondary_domain !== input.isSecondaryDomain) {
        throw AppError.badRequest('This gateway belongs to the other domain.', {
          'gatewayDetails.gatewayId': 'This gateway belongs to the other domain.',
        });
      }
      await inTransaction(ctx.transactions.of(origin), async (trx, tx) => {
        // Two managers switching one domain at once: the second waits for the first, then wins.
        await repo.lockDomain(trx, input.isSecondaryDomain);
        const domain = input.isSecondaryDomain === 1 ? 'secondary' : 'primary';
        const before = (await repo.activeByDomain(trx))[domain];
        const at = nowIso(ctx.clock);
        await repo.activate(trx, id, input.isSecondaryDomain, at);
        if (before !== gateway.gateway_name) {
          await recordAudit(tx, at, {
            action: AUDIT_ACTION.gatewayChanged,
            actorId: actor.id,
            target: `${domain} domain`,
            detail: { gateway: [before, gateway.gateway_name] },
          });
        }
      });
      return toGatewayRecord({ ...gateway, is_active: 1 });
    },
  };
}
