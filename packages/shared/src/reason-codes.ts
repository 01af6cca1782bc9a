import type { ReasonCategory } from './disputes.ts';

/**
 * The common chargeback reason codes of the four card networks (DESIGN §14, issue 17), with the
 * category a response argues against and the network's usual response window in days. Used to prefill
 * `reason_category` and, when the processor gives no deadline, an estimated `respond_by`. Sources and
 * caveats are in docs/decisions/0086-reason-codes.md: processors often set an earlier deadline of their own, so an
 * estimate is always marked as one.
 */
export type CardNetwork = 'visa' | 'mastercard' | 'amex' | 'discover';

export interface ReasonCode {
  network: CardNetwork;
  code: string;
  label: string;
  category: ReasonCategory;
}

/** Days a merchant usually has to answer, counted from the day the dispute opened. */
export const NETWORK_RESPONSE_DAYS: Readonly<Record<CardNetwork, number>> = {
  visa: 30,
  mastercard: 45,
  amex: 20,
  discover: 30,
};

/** An unknown code (a processor's own word, a network we do not list): the shortest window, to be safe. */
export const DEFAULT_RESPONSE_DAYS = 7;

const rc = (network: CardNetwork, category: ReasonCategory, entries: Record<string, string>): ReasonCode[] =>
  Object.entries(entries).map(([code, label]) => ({ network, code, label, category }));

export const REASON_CODES: readonly ReasonCode[] = [
  ...rc('visa', 'fraud', {
    '10.1': 'EMV liability shift counterfeit fraud',
    '10.2': 'EMV liability shift non-counterfeit fraud',
    '10.3': 'Other fraud: card-present environment',
    '10.4': 'Other fraud: card-absent environment',
    '10.5': 'Visa fraud monitoring program',
  }),
  ...rc('visa', 'general', {
    '11.1': 'Card recovery bulletin',
    '11.2': 'Declined authorization',
    '11.3': 'No authorization',
    '12.1': 'Late presentment',
    '12.2': 'Incorrect transaction code',
    '12.3': 'Incorrect currency',
    '12.4': 'Incorrect account number',
    '12.5': 'Incorrect amount',
    '12.7': 'Invalid data',
    '13.4': 'Counterfeit merchandise',
    '13.5': 'Misrepresentation',
    '13.8': 'Original credit transaction not accepted',
  }),
  ...rc('visa', 'duplicate', { '12.6.1': 'Duplicate processing', '12.6.2': 'Paid by other means' }),
  ...rc('visa', 'not_received', { '13.1': 'Merchandise or services not received', '13.9': 'Non-receipt of cash' }),
  ...rc('visa', 'cancelled', {
    '13.2': 'Cancelled recurring transaction',
    '13.7': 'Cancelled merchandise or services',
  }),
  ...rc('visa', 'not_as_described', { '13.3': 'Not as described or defective merchandise or services' }),
  ...rc('visa', 'credit_not_processed', { '13.6': 'Credit not processed' }),

  ...rc('mastercard', 'fraud', {
    '4837': 'No cardholder authorization',
    '4840': 'Fraudulent processing of transactions',
    '4849': 'Questionable merchant activity',
    '4863': 'Cardholder does not recognize: potential fraud',
    '4870': 'Chip liability shift',
    '4871': 'Chip/PIN liability shift',
  }),
  ...rc('mastercard', 'general', {
    '4808': 'Authorization-related chargeback',
    '4812': 'Account number not on file',
    '4831': 'Transaction amount differs',
    '4842': 'Late presentment',
    '4859': 'Addendum, no-show or ATM dispute',
  }),
  ...rc('mastercard', 'duplicate', { '4834': 'Point-of-interaction error (duplicate processing)' }),
  ...rc('mastercard', 'cancelled', { '4841': 'Cancelled recurring or digital goods transaction' }),
  ...rc('mastercard', 'not_as_described', { '4853': 'Cardholder dispute: not as described or defective' }),
  ...rc('mastercard', 'not_received', { '4855': 'Goods or services not provided' }),
  ...rc('mastercard', 'credit_not_processed', { '4860': 'Credit not processed' }),

  ...rc('amex', 'fraud', {
    F10: 'Missing imprint',
    F14: 'Missing signature',
    F24: 'No card member authorization',
    F29: 'Card not present',
    FR2: 'Fraud full recourse program',
    FR4: 'Immediate chargeback program',
    FR6: 'Partial immediate chargeback program',
  }),
  ...rc('amex', 'general', {
    A01: 'Charge amount exceeds authorization amount',
    A02: 'No valid authorization',
    A08: 'Authorization approval expired',
    P01: 'Unassigned card number',
    P03: 'Credit processed as charge',
    P04: 'Charge processed as credit',
    P05: 'Incorrect charge amount',
    P07: 'Late submission',
    P22: 'Non-matching card number',
    P23: 'Currency discrepancy',
    R03: 'Insufficient reply',
    R13: 'No reply',
    M01: 'Chargeback authorization',
  }),
  ...rc('amex', 'duplicate', { P08: 'Duplicate charge', C14: 'Paid by other means' }),
  ...rc('amex', 'credit_not_processed', { C02: 'Credit not processed', C04: 'Goods or services returned or refused' }),
  ...rc('amex', 'cancelled', {
    C05: 'Goods or services cancelled',
    C18: 'No show or CARDeposit cancelled',
    C28: 'Cancelled recurring billing',
  }),
  ...rc('amex', 'not_received', { C08: 'Goods or services not received or only partially received' }),
  ...rc('amex', 'not_as_described', {
    C31: 'Goods or services not as described',
    C32: 'Goods or services damaged or defective',
  }),

  ...rc('discover', 'fraud', {
    UA01: 'Fraud: card present',
    UA02: 'Fraud: card not present',
    UA05: 'Fraud: chip counterfeit',
    UA06: 'Fraud: chip and PIN',
    AA: 'Cardholder does not recognize',
  }),
  ...rc('discover', 'general', {
    AW: 'Altered amount',
    CD: 'Credit posted as card sale',
    DA: 'Declined authorization',
    EX: 'Expired card',
    IC: 'Illegible sales data',
    IN: 'Invalid card number',
    LP: 'Late presentment',
    NA: 'No authorization',
  }),
  ...rc('discover', 'duplicate', { DP: 'Duplicate processing', PM: 'Paid by other means' }),
  ...rc('discover', 'not_received', {
    NF: 'Non-receipt of goods or services',
    RG: 'Non-receipt of goods, services or cash',
  }),
  ...rc('discover', 'not_as_described', { RM: 'Quality discrepancy' }),
  ...rc('discover', 'credit_not_processed', { RN2: 'Credit not received' }),
  ...rc('discover', 'cancelled', { AP: 'Cancelled recurring billing', CR: 'Cancelled reservation' }),
];

/** Reason words processors send instead of a network code (Stripe's `reason`, and its kin). */
export const PROCESSOR_REASONS: Readonly<Record<string, ReasonCategory>> = {
  fraudulent: 'fraud',
  unrecognized: 'fraud',
  product_not_received: 'not_received',
  product_unacceptable: 'not_as_described',
  duplicate: 'duplicate',
  credit_not_processed: 'credit_not_processed',
  subscription_canceled: 'cancelled',
  general: 'general',
};

const BY_CODE = new Map(REASON_CODES.map((r) => [r.code.toUpperCase(), r]));

/** The network's entry for `code` (case and spaces ignored), or undefined. */
export function findReasonCode(code: string): ReasonCode | undefined {
  return BY_CODE.get(code.trim().toUpperCase());
}

/** The category a reason code argues against: from the networks' table, a processor's word, else general. */
export function categoryOfReason(code: string): ReasonCategory {
  return findReasonCode(code)?.category ?? PROCESSOR_REASONS[code.trim().toLowerCase()] ?? 'general';
}

/** Days to answer a dispute of this reason code: its network's usual window, else the shortest we know. */
export function responseDaysOf(code: string): number {
  const entry = findReasonCode(code);
  return entry ? NETWORK_RESPONSE_DAYS[entry.network] : DEFAULT_RESPONSE_DAYS;
}

/** An estimated deadline: the end of the UTC day `responseDaysOf(code)` days after `openedAt`. */
export function estimateRespondBy(code: string, openedAt: string): string {
  const opened = new Date(openedAt);
  const end = Date.UTC(opened.getUTCFullYear(), opened.getUTCMonth(), opened.getUTCDate() + responseDaysOf(code) + 1);
  return new Date(end - 1).toISOString();
}
