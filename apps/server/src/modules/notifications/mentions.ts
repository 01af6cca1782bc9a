import { findMentions, NOTIFICATION_KIND, type NotificationRecord } from '@eta/shared';
import type { TxContext } from '../../lib/transaction.ts';
import { staffRepo } from '../staff/index.ts';
import { notify } from './notify.ts';

/** Whether a text may mention anyone: the members are read only when it holds an `@`. */
export const mayMention = (text: string): boolean => text.includes('@');

/**
 * Notifies each active member a remark mentions (`@` and their name: shared findMentions, decision
 * 0285), in the remark's transaction; the author is never notified of their own remark.
 */
export async function notifyMentions(
  tx: TxContext,
  remark: { author: { id: number; name: string }; orderDbId: number; text: string; at: string },
): Promise<NotificationRecord[]> {
  if (!mayMention(remark.text)) return [];
  const members = await staffRepo.listActive(tx.trx);
  const named = findMentions(remark.text, members).filter((m) => m.id !== remark.author.id);
  const told: NotificationRecord[] = [];
  for (const member of named) {
    told.push(
      await notify(tx, {
        memberId: member.id,
        kind: NOTIFICATION_KIND.mention,
        orderDbId: remark.orderDbId,
        text: remark.text,
        by: remark.author,
        at: remark.at,
      }),
    );
  }
  return told;
}
