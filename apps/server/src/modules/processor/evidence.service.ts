import { createHash } from 'node:crypto';
import { EVIDENCE_MSG, type EvidenceReply, ORDER_EVENT, type TokenUser } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { lockForUpdate } from '../../db/dialect.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { DISPUTE_COLUMNS, type DisputeRow, toDisputeRecord } from '../disputes/index.ts';
import { appendEvents } from '../order-changes/index.ts';
import { buildEvidence } from './evidence.ts';
import { type PaymentProcessor, ProcessorError } from './processor.ts';
import { noteKeyAccepted, noteKeyRefused } from './processor-status.ts';

const digest = (...parts: (string | Buffer)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex').slice(0, 24);
};

/** Evidence sent and disputes conceded through the processor (DESIGN §26). */
export function createEvidenceService(
  ctx: AppContext,
  processor: PaymentProcessor | null,
  makePack: (staff: TokenUser, orderId: string) => Promise<Buffer>,
) {
  const disputeRow = (id: number) =>
    ctx.db
      .selectFrom('disputes')
      .leftJoin('orders', 'orders.id', 'disputes.order_key')
      .select([...DISPUTE_COLUMNS, 'orders.order_id as public_order_id'])
      .where('disputes.id', '=', id)
      .executeTakeFirst() as Promise<DisputeRow | undefined>;

  /** The refusals both share: 404, not Stripe's, 409 past the deadline, submitted or accepted. */
  function assertOpen(row: DisputeRow | undefined): asserts row is DisputeRow {
    if (!row) throw AppError.notFound('Dispute not found.');
    if (row.processor !== 'stripe') throw AppError.conflict(EVIDENCE_MSG.notStripe);
    if (!processor) throw AppError.conflict(EVIDENCE_MSG.notConfigured);
    if (row.evidence_submitted_at) throw AppError.conflict(EVIDENCE_MSG.alreadySubmitted);
    if (row.accepted_at) throw AppError.conflict(EVIDENCE_MSG.alreadyAccepted);
    if (row.respond_by && Date.parse(row.respond_by) < ctx.clock()) throw AppError.conflict(EVIDENCE_MSG.pastDeadline);
  }

  /** A processor error as the member's answer; a refused key is recorded for readiness. */
  async function failed(error: unknown): Promise<never> {
    if (!(error instanceof ProcessorError)) throw error;
    if (error.kind === 'key') {
      await noteKeyRefused(ctx.db, error.message, nowIso(ctx.clock));
      throw new AppError(503, EVIDENCE_MSG.keyRefused);
    }
    if (error.kind === 'transient') throw new AppError(503, EVIDENCE_MSG.unreachable);
    throw AppError.conflict(EVIDENCE_MSG.refused(error.message));
  }

  /** Marks the dispute (once: a second writer finds it marked and is refused) with its Activity event. */
  async function record(
    staff: TokenUser,
    id: number,
    column: 'evidence_staged_at' | 'evidence_submitted_at' | 'accepted_at',
    what: string,
  ) {
    await inTransaction(ctx.transactions, async (trx, tx) => {
      const row = await lockForUpdate(
        trx,
        trx.selectFrom('disputes').selectAll().where('id', '=', id),
      ).executeTakeFirstOrThrow();
      const at = nowIso(ctx.clock);
      if (column !== 'evidence_staged_at' && (row.evidence_submitted_at || row.accepted_at))
        throw AppError.conflict(row.accepted_at ? EVIDENCE_MSG.alreadyAccepted : EVIDENCE_MSG.alreadySubmitted);
      const accepted = column === 'accepted_at' ? { state: 'accepted', closed_at: at } : {};
      await trx
        .updateTable('disputes')
        .set({ [column]: at, ...accepted, updated_at: at })
        .where('id', '=', id)
        .execute();
      if (row.order_key !== null)
        await appendEvents(
          tx,
          staff,
          [
            {
              orderId: row.order_key,
              kind: ORDER_EVENT.disputeEvidence,
              from: null,
              to: what,
              detail: `Stripe ${row.processor_dispute_id}`,
            },
          ],
          at,
        );
    });
    await noteKeyAccepted(ctx.db, nowIso(ctx.clock));
  }

  return {
    async evidence(staff: TokenUser, id: number, submit: boolean): Promise<EvidenceReply> {
      const row = await disputeRow(id);
      assertOpen(row);
      if (row.order_key === null || row.public_order_id === null) throw AppError.conflict(EVIDENCE_MSG.noOrder);
      const pack = await makePack(staff, row.public_order_id);
      const built = await buildEvidence(ctx, row.order_key, pack);
      const stripe = processor as PaymentProcessor;
      const files: EvidenceReply['files'] = [];
      const evidence = { ...built.fields };
      try {
        for (const file of built.files) {
          // the same bytes for the same dispute and field are one upload, however often staged
          const key = `evidence-${id}-${file.field}-${digest(file.bytes)}`;
          const uploaded = await stripe.uploadEvidenceFile(
            { filename: file.filename, contentType: 'application/pdf', bytes: file.bytes },
            key,
          );
          evidence[file.field] = uploaded.id;
          files.push({ field: file.field, file_id: uploaded.id, filename: file.filename });
        }
        const enhanced =
          built.priorCharges.length > 0
            ? { priorTransactions: built.priorCharges.map((charge) => ({ charge })) }
            : null;
        const key = `evidence-${id}-${submit ? 'submit' : 'stage'}-${digest(JSON.stringify(evidence), JSON.stringify(enhanced))}`;
        await stripe.submitEvidence({
          disputeId: row.processor_dispute_id,
          evidence,
          enhanced,
          submit,
          idempotencyKey: key,
        });
      } catch (error) {
        return failed(error);
      }
      await record(staff, id, submit ? 'evidence_submitted_at' : 'evidence_staged_at', submit ? 'submitted' : 'staged');
      const after = (await disputeRow(id)) as DisputeRow;
      return {
        dispute: toDisputeRecord(after, ctx.clock()),
        submitted: submit,
        fields: evidence,
        files,
        enhanced: built.priorCharges.length > 0,
      };
    },

    async accept(staff: TokenUser, id: number) {
      const row = await disputeRow(id);
      assertOpen(row);
      try {
        await (processor as PaymentProcessor).acceptDispute(row.processor_dispute_id, `accept-${id}`);
      } catch (error) {
        return failed(error);
      }
      await record(staff, id, 'accepted_at', 'accepted');
      return toDisputeRecord((await disputeRow(id)) as DisputeRow, ctx.clock());
    },
  };
}
