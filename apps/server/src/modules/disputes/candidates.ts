import {
  CANDIDATE_WINDOW_DAYS,
  CANDIDATES_MAX,
  type CandidateMatch,
  DISPUTE_MSG,
  type DisputeCandidate,
} from '@eta/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { findDispute } from './disputes.repository.ts';

const DAY_MS = 86_400_000;
const COLUMNS = [
  'orders.id',
  'orders.order_id',
  'orders.first_name',
  'orders.sur_name',
  'orders.contact_email_address',
  'orders.process_status',
  'orders.amount_minor',
  'orders.currency',
  'orders.created_at',
  'orders.payment_reference',
  'orders.transaction_id',
] as const;

type CandidateRow = {
  id: number;
  order_id: string;
  first_name: string | null;
  sur_name: string | null;
  contact_email_address: string | null;
  process_status: string;
  amount_minor: number | null;
  currency: string | null;
  created_at: string;
  payment_reference: string | null;
  transaction_id: string | null;
};

/** Orders carrying the dispute's payment reference or transaction id (030's partial indexes). */
function byReference(db: Kysely<Database>, reference: string | null, transactionId: string | null) {
  return db
    .selectFrom('orders')
    .select([...COLUMNS])
    .where((eb) => {
      const terms = [];
      if (reference) terms.push(eb('orders.payment_reference', '=', reference));
      if (transactionId) terms.push(eb('orders.transaction_id', '=', transactionId));
      return eb.or(terms);
    })
    .limit(CANDIDATES_MAX)
    .execute() as Promise<CandidateRow[]>;
}

/**
 * Orders of the same amount and currency bought in the window before the dispute opened, latest
 * first: read backwards along the date index, so the walk stops at the tenth (most orders cost the same).
 */
function byAmountAndDate(db: Kysely<Database>, amountMinor: number, currency: string, openedAt: string) {
  const from = new Date(Date.parse(openedAt) - CANDIDATE_WINDOW_DAYS * DAY_MS).toISOString();
  return db
    .selectFrom('orders')
    .select([...COLUMNS])
    .where('orders.created_at', '<=', openedAt)
    .where('orders.created_at', '>=', from)
    .where('orders.amount_minor', '=', amountMinor)
    .where('orders.currency', '=', currency)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(CANDIDATES_MAX)
    .execute() as Promise<CandidateRow[]>;
}

/**
 * Suggestions for linking an unmatched dispute (DESIGN §23): first the orders its payment
 * reference or transaction id names (a processor's id that differs in case or was stored elsewhere
 * still lands here), then orders of its amount bought shortly before it opened. Each says which of
 * reference, amount and date it shares.
 */
export async function disputeCandidates(ctx: Pick<AppContext, 'db'>, disputeId: number): Promise<DisputeCandidate[]> {
  const dispute = await findDispute(ctx.db, disputeId);
  if (!dispute) throw AppError.notFound(DISPUTE_MSG.notFound);
  if (dispute.order_key !== null) throw AppError.conflict(DISPUTE_MSG.alreadyLinked);
  const referenced =
    dispute.payment_reference || dispute.transaction_id
      ? await byReference(ctx.db, dispute.payment_reference, dispute.transaction_id)
      : [];
  const priced = await byAmountAndDate(ctx.db, Number(dispute.amount_minor), dispute.currency, dispute.opened_at);
  const seen = new Set<number>();
  const windowStart = Date.parse(dispute.opened_at) - CANDIDATE_WINDOW_DAYS * DAY_MS;
  const result: DisputeCandidate[] = [];
  for (const row of [...referenced, ...priced]) {
    if (seen.has(row.id) || result.length >= CANDIDATES_MAX) continue;
    seen.add(row.id);
    const match: CandidateMatch[] = [];
    if (dispute.payment_reference && row.payment_reference === dispute.payment_reference)
      match.push('payment_reference');
    if (dispute.transaction_id && row.transaction_id === dispute.transaction_id) match.push('transaction_id');
    const amount = row.amount_minor === null ? null : Number(row.amount_minor);
    if (amount === Number(dispute.amount_minor) && row.currency === dispute.currency) match.push('amount');
    const created = Date.parse(row.created_at);
    if (created <= Date.parse(dispute.opened_at) && created >= windowStart) match.push('date');
    result.push({
      order_id: row.order_id,
      full_name: [row.first_name, row.sur_name].filter(Boolean).join(' '),
      contact_email_address: row.contact_email_address,
      process_status: row.process_status,
      amount_minor: amount,
      currency: row.currency,
      created_at: row.created_at,
      match,
    });
  }
  return result;
}
