import type { Generated } from 'kysely';

/** Money through the processor (DESIGN §26, migration 110): refunds, early fraud warnings, the key's state. */

/** A refund asked of the processor; `attempt` names its idempotency key `refund-{id}-{attempt}`. */
export interface RefundsTable {
  id: Generated<number>;
  order_key: number;
  processor: string;
  charge_ref: string;
  amount_minor: number;
  currency: string;
  /** requested | pending | succeeded | failed | canceled (REFUND_STATE in shared) */
  state: string;
  processor_refund_id: string | null;
  failure_reason: string | null;
  attempt: Generated<number>;
  tries: Generated<number>;
  next_attempt_at: string;
  claim_token: string | null;
  fraud_warning_id: number | null;
  requested_by: number | null;
  requested_by_name: string | null;
  requested_at: string;
  settled_at: string | null;
  updated_at: string;
}

/** A processor's early fraud warning on a charge; order_key null while no order has the charge. */
export interface FraudWarningsTable {
  id: Generated<number>;
  processor: string;
  processor_warning_id: string;
  order_key: number | null;
  charge_ref: string;
  fraud_type: string;
  actionable: number;
  warned_at: string;
  /** open | refunded | kept */
  state: string;
  keep_reason: string | null;
  decided_by: number | null;
  decided_by_name: string | null;
  decided_at: string | null;
  processor_event_at: string;
  created_at: string;
  updated_at: string;
}

/** What the last call learnt of the processor's key: refused (401) since when, shared by every instance. */
export interface ProcessorStatusTable {
  processor: string;
  key_refused_at: string | null;
  last_error: string | null;
  updated_at: string;
}
