import type { PurchaseEvidenceField } from '@eta/shared';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { InboundAttachmentsTable, InboundMailTable, MailTemplatesTable } from './schema-inbox.ts';
import type {
  DisputeIntakeEventsTable,
  DisputesTable,
  InvoiceCountersTable,
  InvoicesTable,
  PaymentGatewaysTable,
} from './schema-payments.ts';
import type { FraudWarningsTable, ProcessorStatusTable, RefundsTable } from './schema-processor.ts';
import type {
  AccessLogTable,
  AuditLogTable,
  FileDeletionsTable,
  PasswordResetsTable,
  StaffRecoveryCodesTable,
  StaffSessionsTable,
  StaffTable,
} from './schema-staff.ts';
import type { NotificationsTable, SavedViewsTable } from './schema-work.ts';

export type * from './schema-inbox.ts';
export type * from './schema-payments.ts';
export type * from './schema-processor.ts';
export type * from './schema-staff.ts';
export type * from './schema-work.ts';

/**
 * Database types for Kysely (DESIGN §3). snake_case as in SQL; timestamps are ISO-8601 UTC text
 * of fixed width on both dialects so they sort and range-compare the same way everywhere
 * (docs/decisions/0003-timestamps-are-iso-8601-utc-text.md).
 */
export const QUESTIONNAIRE_FIELDS = [
  'other_nationalities_than_qatar_section_details',
  'other_nationalities',
  'employment_section_details',
  'job',
  'criminal_conviction',
  'brief_description_of_crime',
  'convicted_country',
  'sentenced_for_12_months_in_prison',
  'convicted_any_other_crime_in_last_12_month',
  'convicted_any_other_crime',
  'other_brief_description_of_crime',
  'convict_date',
  'convict_month',
  'convict_year',
  'prison_convicted_country',
  'suspected_and_involved_section',
  'select_option_for_crime_involvement',
] as const;

export const ORDER_TEXT_FIELDS = [
  'transaction_id',
  'merchant_name',
  'landing_site',
  'contact_email_address',
  'confirm_contact_email_address',
  'email',
  'first_name',
  'sur_name',
  'phone_number',
  'country_code',
  'nationality',
  'intended_travel_date',
  'date_of_birth',
  'parental_given_name',
  'parental_sur_name',
  'address_line1',
  'address_line2',
  'address_line3',
  'town_and_city',
  'post_code',
  'country',
  ...QUESTIONNAIRE_FIELDS,
] as const;

export type OrderTextField = (typeof ORDER_TEXT_FIELDS)[number];

/** Purchase evidence (DESIGN §15, migration 040) kept as text; disclaimer_shown is 1/0. */
export type PurchaseTextColumn = Exclude<PurchaseEvidenceField, 'disclaimer_shown'>;

export type OrdersTable = { [K in OrderTextField]: string | null } & {
  id: Generated<number>;
  order_id: string;
  domain: string;
  process_status: string;
  assigned_to: number | null;
  processing_type: string;
  /** amount in minor units (pence, cents) to keep money exact on both dialects */
  amount_minor: number | null;
  currency: string | null;
  processed_by: number | null;
  /** when the current processed_by was set; written by the database (migration 010), never by code */
  processed_at: Generated<string | null>;
  refund_date: string | null;
  /** further questionnaire answers the website sends that have no column, as JSON */
  extra_answers: string | null;
  /** the processor's charge or payment id (DESIGN §15); finds the order of a processor's dispute (030) */
  payment_reference: string | null;
  /** the earliest deadline of the order's disputes that need a response, kept by the dispute writes (030) */
  dispute_respond_by: string | null;
  /**
   * DESIGN §18 (080): when the service level falls due (set on arrival; null: never measured), when
   * the first document met it, and since when it is paused (Awaiting, AwaitingGovt). The database
   * keeps met and paused, and moves the due time on after a pause, by triggers.
   */
  sla_due_at: Generated<string | null>;
  sla_met_at: Generated<string | null>;
  sla_paused_at: Generated<string | null>;
  /** what left the order and when (DESIGN §16, 061), and why: 'retention' or 'request' */
  images_removed_at: Generated<string | null>;
  documents_removed_at: Generated<string | null>;
  personal_erased_at: Generated<string | null>;
  removal_reason: Generated<string | null>;
  /** the day to chase an order in Awaiting Customer or Awaiting Govt again, YYYY-MM-DD (081) */
  follow_up_on: Generated<string | null>;
  /** a customer's reply came while the order waited in Awaiting Customer; cleared on a status change (100) */
  customer_replied_at: Generated<string | null>;
} & { [K in PurchaseTextColumn]: string | null } & {
  /** purchase evidence (040): 1 or 0 when the website said, null when it did not */
  disclaimer_shown: number | null;
  /** lower-cased id, names, email and phone: one column to search */
  search_text: string;
  created_at: string;
  updated_at: string;
};

/** Orders that can be overdue, by the UTC day they fall due (migration 084, kept by triggers) */
export interface OrderDueDaysTable {
  /** YYYY-MM-DD */
  due_day: string;
  n: number;
}

export interface OrderCountersTable {
  process_status: string;
  /** 0 when the order is not assigned */
  assignee_id: number;
  n: number;
}

export interface OrderImagesTable {
  id: Generated<number>;
  order_key: number;
  kind: string;
  file_name: string;
  content_type: string;
  size: number;
  created_at: string;
  /** the file was deleted (retention or erasure, 061): the row stays to say so, and is never served */
  removed_at: Generated<string | null>;
}

export interface DocumentsTable {
  id: Generated<number>;
  order_key: number;
  file1: string;
  original_name: string | null;
  content_type: string;
  size: number;
  customer_name: string | null;
  is_rejected_doc: string;
  mail_service_provider: string;
  uploaded_by: number | null;
  created_at: string;
  /** the file was deleted (retention or erasure, 061): the row stays to say so, and is never served */
  removed_at: Generated<string | null>;
}

export interface MailOutboxTable {
  id: Generated<number>;
  order_key: number | null;
  document_id: number | null;
  kind: string;
  provider: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  /** JSON list of { filename, path, contentType } */
  attachments: string | null;
  remainder_mail: number;
  status: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_by: number | null;
  created_at: string;
  sent_at: string | null;
  /** the worker holding the row while it is `sending` (003) */
  claim_token: string | null;
  /** the sender's display name: the order's site (070); null: MAIL_FROM's own */
  from_name: string | null;
  /** a bounce or complaint heard of it (100): `bounced` | `complained`, and the diagnostic */
  delivery: Generated<string | null>;
  delivery_detail: Generated<string | null>;
  /** the public note of the template it was sent from (100): the customer page shows the last one */
  public_note: Generated<string | null>;
}

export interface MailHistoryTable {
  id: Generated<number>;
  order_key: number;
  outbox_id: number | null;
  document_id: number | null;
  kind: string;
  provider: string;
  remainder_mail: number;
  create_ts: string;
}

export interface DownloadHistoryTable {
  id: Generated<number>;
  order_key: number;
  document_id: number | null;
  create_ts: string;
  ip: string;
  timezone: string | null;
  browser: string | null;
  os: string | null;
  user_agent: string | null;
}

export interface DownloadLinksTable {
  id: Generated<number>;
  /** the link token's jti: a link works once (DESIGN §8) */
  jti: string;
  order_key: number;
  document_id: number;
  download_id: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface RemarksTable {
  id: Generated<number>;
  order_key: number;
  staff_id: number | null;
  remark_name: string;
  remark: string;
  whatsapp: string;
  telephone: string;
  status_refund: string;
  voided: string;
  chargeback: string;
  report_error: string;
  us_date: string;
  us_time: string;
  created_at: string;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_key: number;
  staff_id: number | null;
  staff_name: string | null;
  kind: string;
  from_value: string | null;
  to_value: string | null;
  detail: string | null;
  created_at: string;
}

/** Orders per creation day, nationality ('' when missing) and processing type, kept by triggers (010). */
export interface ReportCountryDaysTable {
  report_day: string;
  nationality: string;
  processing_type: string;
  n: number;
}

/** Orders per processed day and staff member, kept by triggers (010). */
export interface ReportProcessedDaysTable {
  report_day: string;
  staff_id: number;
  n: number;
  /** of those, orders with a service level (080), and those whose first document came on time */
  sla_measured: Generated<number>;
  sla_met: Generated<number>;
}

/** PostgreSQL only (migration 024): each order's search text beside its trigram index; kept by triggers. */
export interface OrderSearchTable {
  id: number;
  created_at: string;
  search_text: string;
}

/** Who has an order's detail open (migration 082, DESIGN §18 presence). */
export interface OrderViewersTable {
  /** orders.id */
  order_key: number;
  staff_id: number;
  staff_name: string;
  /** the last heartbeat, ISO */
  seen_at: string;
}

export interface Database {
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  password_resets: PasswordResetsTable;
  access_log: AccessLogTable;
  audit_log: AuditLogTable;
  file_deletions: FileDeletionsTable;
  orders: OrdersTable;
  saved_views: SavedViewsTable;
  order_counters: OrderCountersTable;
  order_due_days: OrderDueDaysTable;
  order_images: OrderImagesTable;
  documents: DocumentsTable;
  mail_outbox: MailOutboxTable;
  mail_history: MailHistoryTable;
  download_history: DownloadHistoryTable;
  download_links: DownloadLinksTable;
  remarks: RemarksTable;
  order_events: OrderEventsTable;
  payment_gateways: PaymentGatewaysTable;
  invoices: InvoicesTable;
  invoice_counters: InvoiceCountersTable;
  report_country_days: ReportCountryDaysTable;
  report_processed_days: ReportProcessedDaysTable;
  order_search: OrderSearchTable;
  disputes: DisputesTable;
  dispute_intake_events: DisputeIntakeEventsTable;
  order_viewers: OrderViewersTable;
  notifications: NotificationsTable;
  refunds: RefundsTable;
  fraud_warnings: FraudWarningsTable;
  processor_status: ProcessorStatusTable;
  mail_templates: MailTemplatesTable;
  inbound_mail: InboundMailTable;
  inbound_attachments: InboundAttachmentsTable;
}

export type StaffRow = Selectable<StaffTable>;
export type NewStaff = Insertable<StaffTable>;
export type StaffUpdate = Updateable<StaffTable>;
export type StaffSessionRow = Selectable<StaffSessionsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type GatewayRow = Selectable<PaymentGatewaysTable>;
