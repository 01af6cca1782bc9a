import { createHmac, timingSafeEqual } from 'node:crypto';
import { DISPUTE_MSG, disputeRelaySchema } from '@eta/shared';
import { AppError } from '../../lib/app-error.ts';
import { parseInput, parseJson } from '../../lib/parse-input.ts';
import type { IntakeEvent } from './intake.service.ts';

/** DESIGN §14: a relay's signature is good for 5 minutes either side of our clock. */
export const RELAY_TOLERANCE_SECONDS = 300;

/** `t={unix},v1={hex}` (several v1 allowed while a secret is rotated); null when it is not that shape. */
function parseSignature(header: string): { t: number; v1: string[] } | null {
  let t: number | null = null;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) t = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/i.test(value)) v1.push(value.toLowerCase());
  }
  return t === null || v1.length === 0 ? null : { t, v1 };
}

/** The signature the relay must send for `raw` at `t`: hex HMAC-SHA256 of "{t}.{raw body}". */
export function relaySignature(secret: string, t: number, raw: Buffer | string): string {
  return createHmac('sha256', secret).update(`${t}.`).update(raw).digest('hex');
}

/**
 * Checks X-Signature over the raw bytes before anything is parsed: a missing, malformed, foreign or
 * stale signature is 401 and nothing is read further.
 */
export function verifyRelay(raw: Buffer, header: string | undefined, secret: string | null, now: number): void {
  if (!secret) throw AppError.unauthorized(DISPUTE_MSG.notConfigured);
  const parsed = header ? parseSignature(header) : null;
  if (!parsed || Math.abs(Math.floor(now / 1000) - parsed.t) > RELAY_TOLERANCE_SECONDS) {
    throw AppError.unauthorized(DISPUTE_MSG.badSignature);
  }
  const expected = Buffer.from(relaySignature(secret, parsed.t, raw), 'hex');
  const good = parsed.v1.some((given) => timingSafeEqual(Buffer.from(given, 'hex'), expected));
  if (!good) throw AppError.unauthorized(DISPUTE_MSG.badSignature);
}

/** The verified body, validated (400 naming the field), as an intake event. */
export function intakeOfRelay(raw: Buffer, now: number): IntakeEvent {
  const body = parseInput(disputeRelaySchema, parseJson(raw));
  return {
    source: 'relay',
    eventId: body.eventId,
    eventType: 'relay',
    // The relay sends no event time: events apply in the order they arrive.
    occurredAt: new Date(now).toISOString(),
    processor: body.processor,
    processorDisputeId: body.processorDisputeId,
    orderRef: body.orderId || null,
    paymentReference: body.paymentReference || null,
    transactionId: body.transactionId || null,
    reasonCode: body.reasonCode,
    reasonCategory: body.reasonCategory ?? null,
    amountMinor: body.amount,
    currency: body.currency,
    openedAt: body.openedAt,
    respondBy: body.respondBy ?? null,
    stage: body.stage,
    state: body.state ?? null,
  };
}
