import {
  type DisputeStage,
  type DisputeState,
  disputeLabel,
  formatMoney,
  isOpenDispute,
  ORDER_EVENT,
  STATUS,
} from '@eta/shared';
import type { Transaction, Updateable } from 'kysely';
import type { Database, DisputesTable } from '../../db/schema.ts';
import type { EventActor } from '../../lib/domain-events.ts';
import type { TxContext } from '../../lib/transaction.ts';
import { appendEvents, type OrderEvent } from '../order-changes/index.ts';
import { type DisputeRow, moveToChargeBack, refreshOrderDeadline, updateDispute } from './disputes.repository.ts';

type Trx = Transaction<Database>;

/** What a member or a processor asks to change; undefined leaves a field as it is. */
export interface DisputeChanges {
  stage?: DisputeStage;
  state?: DisputeState;
  respondBy?: { at: string | null; estimated: boolean };
  note?: string | null;
  evidenceSubmittedAt?: string | null;
  amountMinor?: number;
  reasonCode?: string;
}

/** How the Activity section names a dispute: "Stripe dp_123". */
export const disputeName = (row: Pick<DisputeRow, 'processor' | 'processor_dispute_id'>) =>
  `${disputeLabel(row.processor)} ${row.processor_dispute_id}`;

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);
const FIELD_LABEL = {
  stage: 'Stage',
  state: 'State',
  respond_by: 'Respond by',
  note: 'Note',
  evidence_submitted_at: 'Evidence submitted',
  amount_minor: 'Amount',
  reason_code: 'Reason code',
} as const;
type Field = keyof typeof FIELD_LABEL;

/** How a note's change starts its Activity detail (applyDisputeChanges): erasure finds those events by it, their from/to being note texts. */
export const NOTE_CHANGE_DETAIL = `${FIELD_LABEL.note} · `;

/** A field's value as Activity shows it. */
function shown(field: Field, value: unknown, row: DisputeRow): string | null {
  if (value === null || value === undefined) return null;
  if (field === 'stage' || field === 'state') return disputeLabel(String(value));
  if (field === 'respond_by' || field === 'evidence_submitted_at') return day(String(value));
  if (field === 'amount_minor') return formatMoney(Number(value), row.currency);
  return String(value);
}

/**
 * Writes what differs between `row` and `changes`, one Activity event per field changed (DESIGN
 * §14), keeps closed_at with the state, and the order's deadline (ChargeBack queue) with the
 * dispute's. Nothing to change: nothing is written.
 */
export async function applyDisputeChanges(
  trx: Trx,
  tx: TxContext,
  row: DisputeRow,
  changes: DisputeChanges,
  actor: EventActor,
  at: string,
  extra: Updateable<DisputesTable> = {},
): Promise<void> {
  const wanted: Partial<Record<Field, unknown>> = {
    stage: changes.stage,
    state: changes.state,
    respond_by: changes.respondBy?.at,
    note: changes.note,
    evidence_submitted_at: changes.evidenceSubmittedAt,
    amount_minor: changes.amountMinor,
    reason_code: changes.reasonCode,
  };
  const set: Updateable<DisputesTable> = { ...extra };
  const events: OrderEvent[] = [];
  for (const [field, value] of Object.entries(wanted) as [Field, unknown][]) {
    if (value === undefined || value === row[field]) continue;
    (set as Record<string, unknown>)[field] = value;
    if (row.order_key !== null) {
      events.push({
        orderId: row.order_key,
        kind: ORDER_EVENT.disputeChanged,
        from: shown(field, row[field], row),
        to: shown(field, value, row),
        detail: `${FIELD_LABEL[field]} · ${disputeName(row)}`,
      });
    }
  }
  if (changes.respondBy && Number(row.respond_by_estimated) !== Number(changes.respondBy.estimated)) {
    set.respond_by_estimated = changes.respondBy.estimated ? 1 : 0;
  }
  if (set.state !== undefined) set.closed_at = isOpenDispute(String(set.state)) ? null : at;
  if (Object.keys(set).length === 0) return;
  await updateDispute(trx, row.id, { ...set, updated_at: at });
  await appendEvents(tx, actor, events, at);
  if (row.order_key !== null) await refreshOrderDeadline(trx, row.order_key);
}

/**
 * A dispute now on an order (opened, arrived matched, or linked): Activity says so, and an order
 * not yet in ChargeBack moves there while the dispute is open (DESIGN §14), logged as any move is.
 */
export async function attachToOrder(
  trx: Trx,
  tx: TxContext,
  row: DisputeRow,
  order: { id: number; process_status: string },
  actor: EventActor,
  at: string,
): Promise<void> {
  const events: OrderEvent[] = [
    {
      orderId: order.id,
      kind: ORDER_EVENT.disputeOpened,
      from: null,
      to: disputeName(row),
      detail: `${row.reason_code} ${disputeLabel(row.reason_category)}, ${formatMoney(Number(row.amount_minor), row.currency)}, ${disputeLabel(row.stage)}`,
    },
  ];
  if (isOpenDispute(row.state) && (await moveToChargeBack(trx, order.id, at))) {
    events.push({ orderId: order.id, kind: ORDER_EVENT.status, from: order.process_status, to: STATUS.ChargeBack });
  }
  await appendEvents(tx, actor, events, at);
  await refreshOrderDeadline(trx, order.id);
}
