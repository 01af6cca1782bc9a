import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { checkDisputeUpdate } from './stripe-test-double-disputes.ts';
import { type DoubleDispute, parseStripeForm, StripeRefusal, stripeError } from './stripe-test-double-wire.ts';

export type { DoubleDispute } from './stripe-test-double-wire.ts';

/**
 * A TEST DOUBLE of Stripe's API on a loopback port (DESIGN §26). No test here can reach Stripe, so
 * the real `stripe` package is pointed at this through STRIPE_API_URL. It speaks Stripe's wire format
 * for the calls the desk makes (form-encoded bodies, multipart uploads, Stripe's objects and error
 * shapes), honours Idempotency-Key as Stripe does (the same key and parameters: the first answer
 * again, marked Idempotent-Replayed; the same key with other parameters: an idempotency_error), is
 * strict (an unknown parameter or a wrong value is refused as Stripe refuses it), records every call,
 * and can be told to drop a connection, answer 401/402/429/500, or never answer.
 */

export interface ReceivedCall {
  method: string;
  path: string;
  idempotencyKey: string | null;
  form: Record<string, unknown>;
  /** answered from an earlier call with the same key */
  replayed: boolean;
}

export interface DoubleRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
  reason: string | null;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  failure_reason: string | null;
  created: number;
}

/**
 * What the next matching call gets instead of its usual answer. `after`: Stripe acts first (the
 * refund is made), then the connection drops or hangs: the answer is lost on the way back.
 */
export type Fault =
  | { kind: 'drop'; after: boolean }
  | { kind: 'status'; status: 401 | 402 | 429 | 500 }
  | { kind: 'hang'; after: boolean };

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const seconds = () => Math.floor(Date.now() / 1000);
const FAULT_ERRORS: Record<number, [string | null, string]> = {
  401: [null, 'Invalid API Key provided: rk_test_****'],
  402: ['card_declined', 'Your card was declined.'],
  429: ['rate_limit', 'Too many requests hit the API too quickly.'],
  500: [null, 'An unknown error occurred'],
};

export type StripeTestDouble = Awaited<ReturnType<typeof startStripeTestDouble>>;

export async function startStripeTestDouble(secretKey: string) {
  const received: ReceivedCall[] = [];
  const charges = new Map<string, { id: string; amount: number; currency: string; payment_intent: string | null }>();
  const refunds: DoubleRefund[] = [];
  const disputes = new Map<string, DoubleDispute>();
  const files = new Map<string, { id: string; purpose: string; filename: string; size: number; bytes: Buffer }>();
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  const faults: { path: RegExp; fault: Fault; reached: () => void }[] = [];
  const sockets = new Set<Socket>();
  const state = { key: secretKey, refundStatus: 'succeeded' as DoubleRefund['status'] };

  function createRefund(form: Record<string, unknown>): DoubleRefund {
    for (const key of Object.keys(form))
      if (!['charge', 'payment_intent', 'amount', 'metadata', 'reason'].includes(key))
        throw new StripeRefusal(400, 'parameter_unknown', `Received unknown parameter: ${key}`, key);
    if (!form.charge && !form.payment_intent)
      throw new StripeRefusal(400, 'parameter_missing', 'One of charge or payment_intent is required.', 'charge');
    const charge = form.charge
      ? charges.get(String(form.charge))
      : [...charges.values()].find((c) => c.payment_intent === form.payment_intent);
    if (!charge) {
      const param = form.charge ? 'charge' : 'payment_intent';
      throw new StripeRefusal(400, 'resource_missing', `No such ${param}: '${String(form[param])}'`, param);
    }
    const held = refunds.filter((r) => r.charge === charge.id && r.status !== 'failed' && r.status !== 'canceled');
    const left = charge.amount - held.reduce((sum, r) => sum + r.amount, 0);
    if (left <= 0)
      throw new StripeRefusal(400, 'charge_already_refunded', `Charge ${charge.id} has already been refunded.`, null);
    const amount = form.amount === undefined ? left : Number(form.amount);
    if (!Number.isInteger(amount) || amount <= 0 || String(form.amount ?? amount) !== String(amount))
      throw new StripeRefusal(400, 'parameter_invalid_integer', 'Invalid positive integer', 'amount');
    if (amount > left)
      throw new StripeRefusal(
        400,
        'amount_too_large',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        'amount',
      );
    if (
      form.reason !== undefined &&
      !['duplicate', 'fraudulent', 'requested_by_customer'].includes(String(form.reason))
    )
      throw new StripeRefusal(400, 'parameter_invalid_string', 'Invalid reason.', 'reason');
    const refund: DoubleRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      currency: charge.currency,
      metadata: (form.metadata as Record<string, string>) ?? {},
      payment_intent: charge.payment_intent,
      reason: (form.reason as string | undefined) ?? null,
      status: state.refundStatus,
      failure_reason: null,
      created: seconds(),
    };
    refunds.push(refund);
    return refund;
  }

  async function uploadFile(raw: Buffer, type: string) {
    if (!type.startsWith('multipart/form-data'))
      throw new StripeRefusal(400, 'parameter_missing', 'Missing required param: file.', 'file');
    const data = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
    for (const key of data.keys())
      if (!['purpose', 'file'].includes(key))
        throw new StripeRefusal(400, 'parameter_unknown', `Received unknown parameter: ${key}`, key);
    const purpose = data.get('purpose');
    const file = data.get('file');
    if (typeof purpose !== 'string' || !['dispute_evidence', 'identity_document', 'business_logo'].includes(purpose))
      throw new StripeRefusal(400, 'parameter_invalid_string', 'Invalid purpose.', 'purpose');
    if (!(file instanceof File))
      throw new StripeRefusal(400, 'parameter_missing', 'Missing required param: file.', 'file');
    const record = {
      id: newId('file'),
      purpose,
      filename: file.name,
      size: file.size,
      bytes: Buffer.from(await file.arrayBuffer()),
    };
    files.set(record.id, record);
    const { bytes: _bytes, ...shown } = record;
    return { object: 'file', created: seconds(), type: file.name.split('.').pop() ?? null, url: null, ...shown };
  }

  function disputeOf(id: string): DoubleDispute {
    const dispute = disputes.get(id);
    if (!dispute) throw new StripeRefusal(404, 'resource_missing', `No such dispute: '${id}'`, 'dispute');
    return dispute;
  }

  async function act(method: string, path: string, form: Record<string, unknown>, raw: Buffer, type: string) {
    if (method === 'POST' && path === '/v1/refunds') return createRefund(form);
    if (method === 'POST' && path === '/v1/files') return uploadFile(raw, type);
    const close = /^\/v1\/disputes\/([^/]+)\/close$/.exec(path);
    if (method === 'POST' && close) {
      const dispute = disputeOf(close[1] as string);
      if (!['needs_response', 'warning_needs_response'].includes(dispute.status))
        throw new StripeRefusal(400, null, `This dispute is already ${dispute.status} and cannot be closed.`, null);
      dispute.status = 'lost';
      return dispute;
    }
    const update = /^\/v1\/disputes\/([^/]+)$/.exec(path);
    if (method === 'POST' && update) {
      const dispute = disputeOf(update[1] as string);
      checkDisputeUpdate(dispute, form, files);
      dispute.evidence = { ...dispute.evidence, ...((form.evidence as Record<string, unknown>) ?? {}) };
      dispute.evidence_details.has_evidence = true;
      if (form.submit === 'true') {
        dispute.status = dispute.status.startsWith('warning_') ? 'warning_under_review' : 'under_review';
        dispute.evidence_details.submission_count += 1;
      }
      return dispute;
    }
    throw new StripeRefusal(404, null, `Unrecognized request URL (${method}: ${path}).`, null);
  }

  function send(response: ServerResponse, status: number, body: unknown, replayed = false) {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': newId('req'),
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    response.end(JSON.stringify(body));
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const type = request.headers['content-type'] ?? '';
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://double').pathname;
    const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
    const form = type.startsWith('application/x-www-form-urlencoded') ? parseStripeForm(raw.toString('utf8')) : {};
    const call: ReceivedCall = { method, path, idempotencyKey: key, form, replayed: false };
    received.push(call);
    const faultAt = faults.findIndex((f) => f.path.test(path));
    const fault = faultAt >= 0 ? faults.splice(faultAt, 1)[0] : undefined;
    if (request.headers.authorization !== `Bearer ${state.key}`) {
      fault?.reached();
      return send(response, 401, stripeError(new StripeRefusal(401, null, FAULT_ERRORS[401]?.[1] ?? '', null)));
    }
    if (fault && (fault.fault.kind === 'status' || !fault.fault.after)) {
      fault.reached();
      if (fault.fault.kind === 'drop') return request.socket.destroy();
      if (fault.fault.kind === 'hang') return;
      const status = fault.fault.status;
      const [code, message] = FAULT_ERRORS[status] ?? [null, 'error'];
      return send(response, status, stripeError(new StripeRefusal(status, code, message, null)));
    }
    // Stripe's idempotency: a key is bound to its parameters; a repeat gets the first answer.
    const params = createHash('sha256').update(`${method} ${path} `).update(raw).digest('hex');
    const memo = key ? idempotent.get(key) : undefined;
    let status = 200;
    let body: unknown;
    if (memo && memo.params !== params) {
      status = 400;
      body = stripeError(
        new StripeRefusal(
          400,
          null,
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          null,
          'idempotency_error',
        ),
      );
    } else if (memo) {
      call.replayed = true;
      ({ status, body } = memo);
    } else {
      try {
        body = await act(method, path, form, raw, type);
      } catch (error) {
        if (!(error instanceof StripeRefusal)) throw error;
        status = error.status;
        body = stripeError(error);
      }
      // As Stripe: an answer once the request ran is kept for its key; a request refused before is not.
      if (key && (status === 200 || status === 402)) idempotent.set(key, { params, status, body });
    }
    if (fault) {
      fault.reached();
      if (fault.fault.kind === 'drop') return request.socket.destroy();
      return;
    }
    send(response, status, body, call.replayed);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error) =>
      send(response, 500, { error: { type: 'api_error', message: String(error) } }),
    );
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    refunds,
    disputes,
    files,
    /** a charge Stripe knows, with its payment intent */
    addCharge(amount: number, currency: string) {
      const charge = { id: newId('ch'), amount, currency: currency.toLowerCase(), payment_intent: newId('pi') };
      charges.set(charge.id, charge);
      return charge;
    },
    addDispute(charge: string, dueBy: number, status = 'needs_response'): DoubleDispute {
      const found = charges.get(charge);
      const dispute: DoubleDispute = {
        id: newId('dp'),
        object: 'dispute',
        charge,
        amount: found?.amount ?? 0,
        currency: found?.currency ?? 'gbp',
        status,
        evidence: {},
        evidence_details: { due_by: dueBy, submission_count: 0, has_evidence: false, past_due: false },
      };
      disputes.set(dispute.id, dispute);
      return dispute;
    },
    /** the next call to a path matching `path` meets `fault`; resolves when it has */
    fault(path: RegExp, fault: Fault): Promise<void> {
      return new Promise((reached) => faults.push({ path, fault, reached }));
    },
    /** the status new refunds are answered with */
    answerRefundsWith(status: DoubleRefund['status']) {
      state.refundStatus = status;
    },
    /** the key is revoked: every call is refused 401 until another is accepted */
    acceptKey(key: string) {
      state.key = key;
    },
    calls: (path: RegExp) => received.filter((c) => path.test(c.path)),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
