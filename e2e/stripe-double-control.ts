import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Fault, StripeTestDouble } from '../apps/server/test/stripe-test-double.ts';

/**
 * A loopback control channel for the Stripe TEST DOUBLE that serve-stripe.ts runs in-process: the
 * specs run in another process, so they add charges and disputes, arm faults and read what the double
 * received through this small JSON API (stripe-double.ts is its client). It only drives the double's
 * own test methods; the double stays as strict as in the API tests.
 */
export async function startStripeDoubleControl(double: StripeTestDouble): Promise<{ url: string }> {
  async function route(method: string, path: string, body: Record<string, unknown>): Promise<unknown> {
    if (method === 'POST' && path === '/charges') return double.addCharge(Number(body.amount), String(body.currency));
    if (method === 'POST' && path === '/disputes')
      return double.addDispute(String(body.charge), Number(body.dueBy), body.status as string | undefined);
    if (method === 'POST' && path === '/faults') {
      // armed now; the double answers the next matching call with it (a promise no one needs to await)
      void double.fault(new RegExp(String(body.path)), body.fault as Fault);
      return { armed: true };
    }
    if (method === 'POST' && path === '/calls') {
      return double.calls(new RegExp(String(body.path)));
    }
    if (method === 'GET' && path === '/refunds') return double.refunds;
    if (method === 'GET' && path.startsWith('/disputes/')) return double.disputes.get(path.slice('/disputes/'.length));
    return undefined;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const path = new URL(request.url ?? '/', 'http://control').pathname;
    const answer = await route(request.method ?? 'GET', path, body);
    response.writeHead(answer === undefined ? 404 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer ?? { error: `no such control call: ${request.method} ${path}` }));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
