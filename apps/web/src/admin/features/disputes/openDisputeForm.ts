import {
  type DISPUTES_API,
  type DisputeProcessor,
  estimateRespondBy,
  findReasonCode,
  formatUtcDate,
  NETWORK_RESPONSE_DAYS,
  openDisputeSchema,
  PROCESSOR_REASONS,
  type ReasonCategory,
  responseDaysOf,
} from '@eta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { BodyOf } from '../../../lib/endpoint.ts';
import { DISPUTE_TEXT, NETWORK_LABEL } from './texts.ts';

export type OpenDisputeBody = BodyOf<typeof DISPUTES_API.open>;

/** The form as typed: every field text, '' for "not given" (the select's first option, an empty date). */
export interface OpenDisputeValues {
  orderId: string;
  processor: string;
  processorDisputeId: string;
  reasonCode: string;
  reasonCategory: string;
  amount: string;
  currency: string;
  openedAt: string;
  respondBy: string;
  stage: string;
  /** the processor that took the order's payment ('' when the order names none of §14's): not sent */
  paidThrough: string;
  /** ticked: the member confirms the dispute came through another processor than paidThrough; not sent */
  confirmProcessor: boolean;
}

/** Today as the server counts days (UTC), for the date inputs. */
export const todayUtc = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);

/**
 * A fresh form for `order`: the processor that took its payment (DESIGN §23, "start work where it
 * is"), its amount and currency, opened today, a chargeback (DESIGN §14).
 */
export function openDisputeDefaults(order: {
  order_id: string;
  amount: string | null;
  currency: string | null;
  paidThrough: DisputeProcessor | null;
}): OpenDisputeValues {
  return {
    orderId: order.order_id,
    processor: order.paidThrough ?? '',
    processorDisputeId: '',
    reasonCode: '',
    reasonCategory: '',
    amount: order.amount ?? '',
    currency: order.currency ?? '',
    openedAt: todayUtc(),
    respondBy: '',
    stage: 'chargeback',
    paidThrough: order.paidThrough ?? '',
    confirmProcessor: false,
  };
}

/** Another processor than the one that took the payment is chosen: the member must say it is meant. */
export const otherProcessorChosen = (values: Pick<OpenDisputeValues, 'processor' | 'paidThrough'>): boolean =>
  values.paidThrough !== '' && values.processor !== '' && values.processor !== values.paidThrough;

const blank = (value: string) => (value.trim() === '' ? undefined : value);

/**
 * The request body: what was typed, with the optional fields left out when empty, so the server fills
 * them its own way (category from the reason code, an estimated deadline). Sent as typed: the server
 * reads the amount in major units, and the shared schema turns it into minor units there.
 */
export function toOpenDisputeBody(values: OpenDisputeValues): OpenDisputeBody {
  return {
    orderId: values.orderId,
    processor: values.processor as OpenDisputeBody['processor'],
    processorDisputeId: values.processorDisputeId,
    reasonCode: values.reasonCode,
    reasonCategory: blank(values.reasonCategory) as OpenDisputeBody['reasonCategory'],
    amount: values.amount,
    currency: values.currency,
    openedAt: blank(values.openedAt),
    respondBy: blank(values.respondBy),
    stage: values.stage as OpenDisputeBody['stage'],
  };
}

// raw: the resolver hands back the body it checked, not the schema's output (which is in minor units).
const checkBody = zodResolver(openDisputeSchema, undefined, { raw: true });

/**
 * The schema names an empty field the API's way ("processorDisputeId is required."); on the form a
 * member is asked for it in words (SPEC §5's style). Any other message is the schema's own.
 */
const WHEN_EMPTY: Partial<Record<keyof OpenDisputeValues, string>> = {
  processor: DISPUTE_TEXT.processorRequired,
  processorDisputeId: DISPUTE_TEXT.disputeIdRequired,
  reasonCode: DISPUTE_TEXT.reasonCodeRequired,
  amount: DISPUTE_TEXT.amountRequired,
  currency: DISPUTE_TEXT.currencyRequired,
};

/** The shared schema's rules, the same the server applies, over the body the form would send. */
export const openDisputeResolver: Resolver<OpenDisputeValues, unknown, OpenDisputeBody> = async (
  values,
  context,
  options,
) => {
  const result = await checkBody(toOpenDisputeBody(values) as never, context, options as never);
  for (const [field, error] of Object.entries(result.errors) as [keyof OpenDisputeValues, { message?: string }][]) {
    const asked = WHEN_EMPTY[field];
    const value = values[field];
    if (asked && error && typeof value === 'string' && value.trim() === '') error.message = asked;
    // The shared amount rule answers a badly shaped text with zod's own pattern text (reported to
    // the server's owner); the member is told what the rule means instead.
    else if (field === 'amount' && error) error.message = DISPUTE_TEXT.amountInvalid;
  }
  // The web's own rule, not the server's: a processor other than the one that took the payment is
  // sent only once confirmed (docs/decisions/0228-the-dispute-s-processor-is-confirmed-in-the-web-not.md, issue 31).
  if (otherProcessorChosen(values) && !values.confirmProcessor) {
    const errors = {
      ...result.errors,
      confirmProcessor: { type: 'confirm', message: DISPUTE_TEXT.confirmProcessorRequired },
    };
    return { values: {}, errors } as never;
  }
  return result as never;
};

/** The category a known reason code (network code or a processor's word) argues against; null when unknown. */
export function knownCategory(code: string): ReasonCategory | null {
  const trimmed = code.trim();
  if (!trimmed) return null;
  return findReasonCode(trimmed)?.category ?? PROCESSOR_REASONS[trimmed.toLowerCase()] ?? null;
}

/** What the server will put as the deadline when none is given: the day, and the rule it came from. */
export function estimateText(code: string, openedDay: string): string | null {
  if (!code.trim() || !/^\d{4}-\d{2}-\d{2}$/.test(openedDay)) return null;
  const day = formatUtcDate(estimateRespondBy(code, `${openedDay}T00:00:00.000Z`));
  if (!day) return null;
  const entry = findReasonCode(code);
  const source = entry
    ? `${NETWORK_LABEL[entry.network]}'s usual ${NETWORK_RESPONSE_DAYS[entry.network]} days`
    : `the shortest usual window, ${responseDaysOf(code)} days`;
  return DISPUTE_TEXT.estimateHint(day, source);
}
