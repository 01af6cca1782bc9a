import type { TokenUser } from '@eta/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Kinds of the order event log (DESIGN §6), shown in the detail screen's Activity section. */
export const EVENT = {
  created: 'created',
  assign: 'assign',
  takeover: 'takeover',
  unassign: 'unassign',
  status: 'status',
  refund: 'refund',
  remark: 'remark',
  /** an approved document uploaded */
  document: 'document',
  /** the latest document marked rejected */
  rejection: 'rejection',
  /** processed_by set (DESIGN §6) */
  processedBy: 'processed_by',
  /** a mail queued; its outcome follows as mail_sent or mail_failed (by the system) */
  mail: 'mail',
  mailSent: 'mail_sent',
  mailFailed: 'mail_failed',
  mailRetry: 'mail_retry',
  /** transaction id and merchant name entered (from "old / old" to "new / new") */
  transaction: 'transaction',
  /** a defence pack made (to: its type); who read the order's evidence */
  defencePack: 'defence_pack',
  /** an invoice made and queued to be mailed (to: its number) */
  invoice: 'invoice',
} as const;
export type EventKind = (typeof EVENT)[keyof typeof EVENT];

export interface OrderEvent {
  orderId: number;
  kind: EventKind;
  from: string | null;
  to: string | null;
  detail?: string | null;
}

/** rows per insert: 8 parameters each, well under SQLite's bound per statement */
const BATCH = 500;

/** Appends events; `actor` null means the system (an integration, the import, the demo). */
export async function appendEvents(
  db: Db,
  actor: Pick<TokenUser, 'id' | 'name'> | null,
  events: readonly OrderEvent[],
  at: string,
): Promise<void> {
  for (let i = 0; i < events.length; i += BATCH) {
    await db
      .insertInto('order_events')
      .values(
        events.slice(i, i + BATCH).map((e) => ({
          order_id: e.orderId,
          staff_id: actor?.id ?? null,
          staff_name: actor?.name ?? null,
          kind: e.kind,
          from_value: e.from,
          to_value: e.to,
          detail: e.detail ?? null,
          created_at: at,
        })),
      )
      .execute();
  }
}
