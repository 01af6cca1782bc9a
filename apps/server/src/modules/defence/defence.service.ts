import {
  DEFENCE_MSG,
  type DefenceLetter,
  type DefencePackPdfInput,
  type DefencePackType,
  defenceEnabled,
  defenceRefusedMessage,
  disputeLabel,
  ORDER_EVENT,
  PASSPORT_PACK_TYPE,
  packTooLargeMessage,
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
import { type BuiltPack, buildDefencePack, type PackOptions } from './pack.ts';
import { hasImages, readPackFiles } from './pack-files.ts';
import { fitsLimit, fittingAttempts, madeSmaller } from './pack-fit.ts';

/** What Activity says of the passport image in a pack. */
const PACK_PASSPORT = {
  included: 'passport image included',
  unavailable: 'passport image asked for, not included: none on file or unreadable',
} as const;

/** Enter Transaction Details, the defence letter and the defence packs (SPEC §2, §4, §7). */
export function createDefenceService(ctx: AppContext) {
  const { business } = ctx.config;

  return {
    /** Saves transaction id and merchant name on the order, with an Activity row when they change. */
    async saveTransactionDetails(staff: TokenUser, input: TransactionDetailsInput) {
      await inTransaction(ctx.transactions, async (trx, tx) => {
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
        await appendEvents(tx, staff, [{ orderId: order.id, kind: ORDER_EVENT.transaction, from, to: after }], at);
      });
      return { message: DEFENCE_MSG.transactionSaved };
    },

    /** The letter the modal shows and the PDF prints. */
    async letter(orderId: string, type: DefencePackType, includePassport = false): Promise<DefenceLetter> {
      const evidence = await loadEvidence(ctx, orderId, {
        includePassport: includePassport && type === PASSPORT_PACK_TYPE,
      });
      return composeLetter(evidence, type, business);
    },

    /**
     * The pack's bytes, made in one of the app's PDF slots and fitted to a processor's limits
     * (DESIGN §15): made again smaller (pack-fit.ts) when it does not fit, and refused with 422 naming
     * the limit and the size when it still does not. Who made it, for whom and with what is kept in Activity.
     */
    async pack(staff: TokenUser, input: DefencePackPdfInput): Promise<{ bytes: Buffer; passport: boolean }> {
      const { orderId, defencePackType: type } = input;
      // the contract refuses a passport for pack 2; only pack 1 ever reads it (DESIGN §22)
      const includePassport = input.includePassport && type === PASSPORT_PACK_TYPE;
      const evidence = await loadEvidence(ctx, orderId, { includePassport });
      const letter = composeLetter(evidence, type, business);
      const profile = input.profile ?? evidence.profile;
      const limit = ctx.config.packLimits[profile];
      const { pack, options } = await withPdfSlot(ctx, DEFENCE_MSG.busy, async () => {
        const files = type === 1 ? await readPackFiles(ctx, evidence) : { document: null, passport: null };
        const attempts = fittingAttempts(hasImages(files));
        let made: { pack: BuiltPack; options: PackOptions } | null = null;
        for (const options of attempts) {
          made = { pack: await buildDefencePack(ctx, evidence, letter, type, files, options), options };
          if (fitsLimit(made.pack, limit)) break;
        }
        return made as { pack: BuiltPack; options: PackOptions };
      });
      if (!fitsLimit(pack, limit)) {
        const size = { bytes: pack.bytes.length, pages: pack.pages };
        throw new AppError(422, packTooLargeMessage(profile, limit, size), { profile, ...limit, ...size });
      }
      const smaller = madeSmaller(pack, options);
      // what the bytes hold, not what was asked: an image missing or unreadable is said so (DESIGN §22)
      const passport = pack.passport ? [PACK_PASSPORT.included] : includePassport ? [PACK_PASSPORT.unavailable] : [];
      const detail = [`fitted to ${disputeLabel(profile)}`, ...(smaller ? [smaller] : []), ...passport].join('; ');
      await appendEvents(
        ctx.transactions.committed(),
        staff,
        [{ orderId: evidence.orderDbId, kind: ORDER_EVENT.defencePack, from: null, to: String(type), detail }],
        nowIso(ctx.clock),
      );
      return { bytes: pack.bytes, passport: pack.passport };
    },
  };
}
