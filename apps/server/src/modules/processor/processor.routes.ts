import { EVIDENCE_MSG, FRAUD_MSG, PROCESSOR_CONTRACTS, REFUND_MSG } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { createDefenceService } from '../defence/index.ts';
import { createEvidenceService } from './evidence.service.ts';
import { createFraudWarningService } from './fraud-warnings.ts';
import { createRefundService } from './refunds.service.ts';

/** Money through the processor (DESIGN §26), in the staff scope. */
export function processorRoutes(app: FastifyInstance, ctx: AppContext) {
  const refunds = createRefundService(ctx);

  route(app, PROCESSOR_CONTRACTS.orderRefunds, async (request) =>
    ok(REFUND_MSG.listed, await refunds.forOrder(request.params.orderId)),
  );
  route(app, PROCESSOR_CONTRACTS.createRefund, async (request, reply) =>
    reply
      .code(201)
      .send(ok(REFUND_MSG.requested, await refunds.create(request.staff, request.params.orderId, request.body.amount))),
  );
  route(app, PROCESSOR_CONTRACTS.refunds, async (request) => {
    const { data, total } = await refunds.list(request.query);
    return ok(REFUND_MSG.listed, data, { total });
  });
  route(app, PROCESSOR_CONTRACTS.retryRefund, async (request) =>
    ok(REFUND_MSG.retried, await refunds.retry(request.staff, request.params.id)),
  );
  route(app, PROCESSOR_CONTRACTS.summary, async () => ok(REFUND_MSG.listed, await refunds.summary()));

  // the defence pack without the passport image (pack 2), fitted to Stripe's limits
  const defence = createDefenceService(ctx);
  const makePack = async (staff: Parameters<typeof defence.pack>[0], orderId: string) =>
    (await defence.pack(staff, { orderId, defencePackType: 2, includePassport: false, profile: 'stripe' })).bytes;
  const evidence = createEvidenceService(ctx, app.processor, makePack);
  route(app, PROCESSOR_CONTRACTS.evidence, async (request) => {
    const data = await evidence.evidence(request.staff, request.params.id, request.body.submit);
    return ok(data.submitted ? EVIDENCE_MSG.submitted : EVIDENCE_MSG.staged, data);
  });
  route(app, PROCESSOR_CONTRACTS.accept, async (request) =>
    ok(EVIDENCE_MSG.accepted, await evidence.accept(request.staff, request.params.id)),
  );

  const warnings = createFraudWarningService(ctx);
  route(app, PROCESSOR_CONTRACTS.fraudWarnings, async (request) => {
    const { data, total } = await warnings.list(request.query);
    return ok(FRAUD_MSG.listed, data, { total });
  });
  route(app, PROCESSOR_CONTRACTS.refundWarning, async (request) => {
    const { record, refunded } = await warnings.refund(request.staff, request.params.id);
    // nothing left (another member's refund came first): say so, not that a refund was sent
    return ok(refunded ? FRAUD_MSG.refunded : FRAUD_MSG.nothingLeft, record);
  });
  route(app, PROCESSOR_CONTRACTS.keepWarning, async (request) =>
    ok(FRAUD_MSG.kept, await warnings.keep(request.staff, request.params.id, request.body.reason)),
  );
}
