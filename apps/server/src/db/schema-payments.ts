import type { Generated } from 'kysely';

/** The money side of the database types (schema.ts holds the rest): gateways, invoices, disputes. */
/** One invoice per order (011); the number is `{prefix}-{year}-{seq}`, seq from invoice_counters. */
export interface InvoicesTable {
  id: Generated<number>;
  order_key: number;
  invoice_number: string;
  amount_minor: number;
  currency: string | null;
  /** the PDF under DATA_DIR/invoices */
  file_name: string;
  created_by: number | null;
  created_at: string;
}

export interface InvoiceCountersTable {
  year: number;
  last_seq: number;
}

export interface PaymentGatewaysTable {
  id: Generated<number>;
  gateway_name: string;
  is_active: number;
  is_secondary_domain: number;
  created_at: string;
  updated_at: string;
}

/** A dispute (chargeback) as a case, DESIGN §14 (030); order_key null while unmatched. */
export interface DisputesTable {
  id: Generated<number>;
  order_key: number | null;
  processor: string;
  processor_dispute_id: string;
  reason_code: string;
  reason_category: string;
  amount_minor: number;
  currency: string;
  opened_at: string;
  respond_by: string | null;
  respond_by_estimated: number;
  stage: string;
  state: string;
  evidence_submitted_at: string | null;
  /** evidence staged at the processor without submitting it (110) */
  evidence_staged_at: string | null;
  /** the dispute conceded at the processor (110) */
  accepted_at: string | null;
  note: string | null;
  source: string;
  payment_reference: string | null;
  transaction_id: string | null;
  order_ref: string | null;
  processor_event_at: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Every processor event received, by source and the processor's event id: a replay changes nothing (030). */
export interface DisputeIntakeEventsTable {
  source: string;
  event_id: string;
  dispute_id: number | null;
  event_type: string;
  received_at: string;
}
