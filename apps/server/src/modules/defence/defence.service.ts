import {
  DEFENCE_MSG,
  type DefenceLetter,
  type DefencePackType,
  defenceEnabled,
  defenceRefusedMessage,
  ORDER_EVENT,
  type TokenUser,
  type TransactionDetailsInput,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { withPdfSlot } from '../../lib/pdf/slots.ts';
import { nowIso } from '../../lib/time.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { appendEvents, lockOrderForWrite } from '../order-changes/index.ts';
import * as repo from './defence.repository.ts';
import { loadEvidence } from './evidence.ts';
import { composeLetter } from './letter.ts';
import { buildDefencePack } from './pack.ts';

/** Enter Transaction Details, the defence letter and the defence packs (SPEC §2, §4, §7). */
export function createDefenceService(ctx: AppContext) {
  const { business, mail } = ctx.config;

  return {
    /** Saves transaction id and merchant name on the order, with an Activity row when they change. */
    async saveTransactionDetails(staff: TokenUser, input: TransactionDetailsInput) {
      await inTransaction(ctx.db, async (trx) => {
        const order = await lockOrderForWrite(trx, staff, input.orderId);
        if (!defenceEnabled(order.process_status)) {
          throw AppError.conflict(defenceRefusedMessage(order.process_status), {
            process_status: order.process_status,
          });
        }
        const current = await repo.findOrder(trx, input.orderId);
        const before = `${current?.transaction_id ?? ''} / ${current?.merchant_name ?? ''}`;
        const after = `${input.transactionId} / ${input.merchantName}`;
        if (before === after) return;
        const at = nowIso(ctx.clock);
        await repo.saveTransaction(trx, order.id, input.transactionId, input.merchantName, at);
        const from = current?.transaction_id || current?.merchant_name ? before : null;
        await appendEvents(trx, staff, [{ orderId: order.id, kind: ORDER_EVENT.transaction, from, to: after }], at);
      });
      return { message: DEFENCE_MSG.transactionSaved };
    },

    /** The letter the modal shows and the PDF prints. */
    async letter(orderId: string, type: DefencePackType): Promise<DefenceLetter> {
      const evidence = await loadEvidence(ctx, orderId);
      return composeLetter(evidence, type, business, mail.from);
    },

    /** The pack's bytes, made in one of the app's PDF slots; who made it is kept in Activity. */
    async pack(staff: TokenUser, orderId: string, type: DefencePackType): Promise<Buffer> {
      const evidence = await loadEvidence(ctx, orderId);
      const letter = composeLetter(evidence, type, business, mail.from);
      const bytes = await withPdfSlot(ctx, DEFENCE_MSG.busy, () => buildDefencePack(ctx, evidence, letter, type));
      await appendEvents(
        ctx.db,
        staff,
        [{ orderId: evidence.orderDbId, kind: ORDER_EVENT.defencePack, from: null, to: String(type) }],
        nowIso(ctx.clock),
      );
      return bytes;
    },
  };
}
