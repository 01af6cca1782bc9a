import type { TokenUser } from '@eta/shared';
import type { Kysely, Transaction } from 'kysely';
import { compiledPerLength } from '../../db/compiled.ts';
import type { Database } from '../../db/schema.ts';
import { type EventActor, eventsOf } from '../../lib/domain-events.ts';
import { afterCommit } from '../../lib/transaction.ts';

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

/** Built once per number of events, up to FEW (db/compiled.ts): most changes log one. */
const insertEvents = compiledPerLength(
  () => '',
  (
    db,
    _shape: null,
    events: readonly Required<OrderEvent>[],
    values: { staffId: number | null; staffName: string | null; at: string },
  ) =>
    db.insertInto('order_events').values(
      events.map((e) => ({
        order_id: e.orderId,
        staff_id: values.staffId,
        staff_name: values.staffName,
        kind: e.kind,
        from_value: e.from,
        to_value: e.to,
        detail: e.detail,
        created_at: values.at,
      })),
    ),
);

/** Appends events; `actor` null means the system (an integration, the import, the demo). */
export async function appendEvents(
  db: Db,
  actor: Pick<TokenUser, 'id' | 'name'> | null,
  events: readonly OrderEvent[],
  at: string,
): Promise<void> {
  const shared = { staffId: actor?.id ?? null, staffName: actor?.name ?? null, at };
  for (let i = 0; i < events.length; i += BATCH) {
    // the same fields in every event, so one number of events is one shape
    const batch = events
      .slice(i, i + BATCH)
      .map((e) => ({ orderId: e.orderId, kind: e.kind, from: e.from, to: e.to, detail: e.detail ?? null }));
    await insertEvents(db, null, batch, shared);
  }
  announceOrderEvents(db, actor, events);
}

/**
 * Every row appended is published as `order.changed` once it is committed (DESIGN §13): the one
 * place the log is written from JS is the one place that announces it. Nobody listening: nothing
 * kept. A write that logs its events in SQL itself (a *.pg.ts statement) announces them through here.
 */
export function announceOrderEvents(db: Db, actor: EventActor, events: readonly OrderEvent[]): void {
  const bus = eventsOf(db);
  if (events.length === 0 || (bus && !bus.has('order.changed'))) return;
  const by = actor ? { id: actor.id, name: actor.name } : null;
  afterCommit(db, () => {
    for (const e of events) {
      bus?.publish('order.changed', {
        orderDbId: e.orderId,
        orderId: null,
        kind: e.kind,
        from: e.from,
        to: e.to,
        actor: by,
      });
    }
  });
}
