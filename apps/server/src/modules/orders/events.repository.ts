import type { TokenUser } from '@eta/shared';
import type { Kysely, Transaction } from 'kysely';
import { compiledPerLength, FEW } from '../../db/compiled.ts';
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
/** the values of one event row that differ from row to row, in this order */
const PER_EVENT = 5;

/** Appends events; `actor` null means the system (an integration, the import, the demo). */
export async function appendEvents(
  db: Db,
  actor: Pick<TokenUser, 'id' | 'name'> | null,
  events: readonly OrderEvent[],
  at: string,
): Promise<void> {
  const shared = { staffId: actor?.id ?? null, staffName: actor?.name ?? null, at };
  for (let i = 0; i < events.length; i += BATCH) {
    const batch = events.slice(i, i + BATCH);
    const flat = batch.flatMap((e) => [e.orderId, e.kind, e.from, e.to, e.detail ?? null]);
    await insertEvents(db, null, flat, shared);
  }
}
/** Built once per number of events, up to FEW (db/compiled.ts): most changes log one. */
const insertEvents = compiledPerLength(
  'insert events',
  () => '',
  (
    db,
    _shape: null,
    flat: readonly unknown[],
    values: { staffId: number | null; staffName: string | null; at: string },
  ) =>
    db.insertInto('order_events').values(
      Array.from({ length: flat.length / PER_EVENT }, (_, row) => {
        const [orderId, kind, from, to, detail] = flat.slice(row * PER_EVENT, (row + 1) * PER_EVENT);
        return {
          order_id: orderId as number,
          staff_id: values.staffId,
          staff_name: values.staffName,
          kind: kind as string,
          from_value: from as string | null,
          to_value: to as string | null,
          detail: detail as string | null,
          created_at: values.at,
        };
      }),
    ),
  FEW * PER_EVENT,
);
