import {
  type DisputeRecord,
  type DisputeWithCe3,
  INGEST_TEXT_FIELDS,
  type IngestTextField,
  type OrderDetail,
  type OrderListItem,
  ROLE,
  STATUS,
  type TokenUser,
} from '@eta/shared';

/** A list row as `get-orders-list` sends it. */
export function listItem(overrides: Partial<OrderListItem> & Pick<OrderListItem, 'order_id'>): OrderListItem {
  return {
    process_status: STATUS.New,
    first_name: 'Amelia',
    sur_name: 'Traveller',
    contact_email_address: 'amelia@example.test',
    phone_number: '+44 7700 900000',
    intended_travel_date: null,
    assign_to: '',
    assigned_to_me: false,
    created_at: '2025-03-01T10:00:00.000Z',
    refund_date: null,
    respond_by: null,
    sla_due_at: null,
    sla_met_at: null,
    sla_paused_at: null,
    follow_up_on: null,
    refund_state: null,
    customer_replied_at: null,
    ...overrides,
  };
}

const NO_TEXT = Object.fromEntries(Object.keys(INGEST_TEXT_FIELDS).map((field) => [field, null])) as {
  [K in IngestTextField]: null;
};

const NO_PURCHASE: OrderDetail['purchase'] = {
  purchase_ip: null,
  purchase_user_agent: null,
  device_id: null,
  terms_version: null,
  terms_accepted_at: null,
  refund_policy_version: null,
  disclaimer_shown: null,
  three_ds_result: null,
  avs_result: null,
  cvc_result: null,
  card_fingerprint: null,
  card_last4: null,
  card_brand: null,
  payment_processor: null,
  gateway_name: null,
  payment_reference: null,
};

/** An order as `get-orders-details` sends it: every field, no images, documents, mails or remarks. */
export function orderDetail(overrides: Partial<OrderDetail> & Pick<OrderDetail, 'order_id'>): OrderDetail {
  return {
    ...NO_TEXT,
    process_status: STATUS.New,
    first_name: 'Amelia',
    sur_name: 'Traveller',
    full_name: 'Amelia Traveller',
    contact_email_address: 'amelia@example.test',
    country_code: '44',
    country_code_raw: 'UK',
    passport_image: null,
    upload_image: null,
    extra_answers: null,
    assign_to: '',
    assigned_to_me: false,
    domain: 'primary',
    processing_type: 'Standard',
    amount: '39.99',
    currency: 'GBP',
    refund_date: null,
    follow_up_on: null,
    processed_by: '',
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    sla_due_at: null,
    sla_met_at: null,
    sla_paused_at: null,
    uploadDoc: [],
    mailHistory: [],
    downloadHistory: [],
    remark: [],
    events: [],
    disputes: [],
    purchase: NO_PURCHASE,
    data_removal: { images_removed_at: null, documents_removed_at: null, personal_erased_at: null, reason: null },
    ce3: { eligible: false, matches: [] },
    images: { passport: null, selfie: null },
    relatedOrders: [],
    conversation: [],
    customer_replied_at: null,
    ...overrides,
  };
}

export const TEAM_MEMBER: TokenUser = { id: 7, name: 'Tara Team', email: 'tara@example.test', type: ROLE.Team };

/** A dispute as the dispute calls and the order detail send it: an open chargeback with a deadline. */
export function disputeRecord(overrides: Partial<DisputeRecord> & Pick<DisputeRecord, 'id'>): DisputeRecord {
  return {
    order_id: 'UKETA-4M7Q2Z',
    processor: 'stripe',
    processor_dispute_id: `dp_${overrides.id}`,
    reason_code: '10.4',
    reason_category: 'fraud',
    amount_minor: 4999,
    currency: 'GBP',
    opened_at: '2025-03-01T00:00:00.000Z',
    respond_by: '2025-03-31T23:59:59.999Z',
    respond_by_estimated: false,
    days_left: null,
    stage: 'chargeback',
    state: 'needs_response',
    evidence_submitted_at: null,
    evidence_staged_at: null,
    accepted_at: null,
    note: null,
    source: 'staff',
    payment_reference: null,
    transaction_id: null,
    order_ref: null,
    closed_at: null,
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A row of the Disputes screen's list: a dispute with its Visa CE 3.0 result (not qualifying unless given). */
export function disputeRow(overrides: Partial<DisputeWithCe3> & Pick<DisputeWithCe3, 'id'>): DisputeWithCe3 {
  const { ce3 = { eligible: false, matches: [] }, ...record } = overrides;
  return { ...disputeRecord(record), ce3 };
}
