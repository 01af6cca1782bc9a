import { randomBytes } from 'node:crypto';
import { SERVER_MSG } from '@eta/shared';
import pg from 'pg';
import { expect } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS } from '../src/lib/database-unavailable.ts';
import { buildOrder, INGEST_KEY } from './orders-fixtures.ts';

/**
 * Load for database-restart.test.ts: clients writing and reading on each instance while the test
 * stops the database or cuts its connections, and what their outcomes must show afterwards.
 */

/** One request's outcome as its client saw it. */
export interface Outcome {
  instance: string;
  kind: 'ingest' | 'remark' | 'read';
  status: number;
  retryAfter: string | null;
  message: string;
  /** what an acknowledged write must have left in the database: an order id, a remark's text */
  wrote: string;
}

/** A server the load is sent to: the app in this process, or a real server in a child process. */
export interface Instance {
  name: string;
  request(method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: unknown): Promise<Reply>;
}
export interface Reply {
  status: number;
  retryAfter: string | null;
  body: { status?: number; message?: string };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(probe: () => Promise<boolean> | boolean, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

export const readJson = (text: string) => {
  try {
    return JSON.parse(text) as Reply['body'];
  } catch {
    return {};
  }
};

/**
 * `clients` loops per instance, each writing an order, adding a remark to a known order and reading
 * it, until `during` has done its harm and the writes of every instance are back.
 */
export interface Target {
  instance: Instance;
  /** a staff token on that instance */
  token: string;
  /** an order the remarks go to */
  orderId: string;
}

export async function underLoad(instances: Target[], clients: number, during: () => Promise<void>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let stop = false;
  let harmDone = false;
  const writtenAfter = new Set<string>();
  const loop = async ({ instance, token, orderId }: Target) => {
    while (!stop) {
      const order = buildOrder({ order_id: `UKETA-${(randomBytes(4).readUInt32BE() % 90_000_000) + 10_000_000}` });
      const remark = `restart remark ${randomBytes(6).toString('hex')}`;
      const steps: [Outcome['kind'], string, () => Promise<Reply>][] = [
        [
          'ingest',
          order.order_id as string,
          () => instance.request('POST', '/api/integrations/orders', { 'x-api-key': INGEST_KEY }, order),
        ],
        [
          'remark',
          remark,
          () => instance.request('POST', '/api/admin/add-new-remark', { authorization: token }, { orderId, remark }),
        ],
        [
          'read',
          '',
          () => instance.request('GET', `/api/admin/get-orders-details/${orderId}`, { authorization: token }),
        ],
      ];
      for (const [kind, wrote, send] of steps) {
        const reply = await send();
        outcomes.push({
          instance: instance.name,
          kind,
          status: reply.status,
          retryAfter: reply.retryAfter,
          message: reply.body.message ?? '',
          wrote,
        });
        if (harmDone && kind !== 'read' && reply.status < 300) writtenAfter.add(instance.name);
        if (reply.status === 503 || reply.status === 0) await sleep(50);
      }
    }
  };
  const running = instances.flatMap((target) => Array.from({ length: clients }, () => loop(target)));
  try {
    await sleep(500);
    await during();
    harmDone = true;
    // polled, never timed: each instance writes again by itself once the database is back
    await until(() => {
      if (outcomes.some((o) => o.status === 0)) throw new Error('an instance stopped answering');
      return writtenAfter.size === instances.length;
    }, 'writes on every instance after the database came back');
    await sleep(300);
  } finally {
    stop = true;
    await Promise.all(running);
  }
  return outcomes;
}

/** What every phase must show: no 500, 503s that say so, and every acknowledged write kept. */
export async function expectHonestOutage(outcomes: Outcome[], databaseUrl: string, outage: 'seen' | 'maybe') {
  const statuses = new Set(outcomes.map((o) => o.status));
  expect([...statuses].filter((s) => ![200, 201, 503].includes(s))).toEqual([]);
  const unavailable = outcomes.filter((o) => o.status === 503);
  if (outage === 'seen') expect(unavailable.length).toBeGreaterThan(0);
  for (const o of unavailable) {
    expect(o.retryAfter).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(o.message).toBe(SERVER_MSG.databaseUnavailable);
  }
  const ordersAcked = outcomes.filter((o) => o.kind === 'ingest' && o.status === 201).map((o) => o.wrote);
  const remarksAcked = outcomes.filter((o) => o.kind === 'remark' && o.status === 201).map((o) => o.wrote);
  expect(ordersAcked.length).toBeGreaterThan(0);
  expect(remarksAcked.length).toBeGreaterThan(0);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const orders = await client.query('select order_id from orders where order_id = any($1)', [ordersAcked]);
    const remarks = await client.query('select remark from remarks where remark = any($1)', [remarksAcked]);
    expect(new Set(orders.rows.map((r) => r.order_id))).toEqual(new Set(ordersAcked));
    expect(new Set(remarks.rows.map((r) => r.remark))).toEqual(new Set(remarksAcked));
  } finally {
    await client.end();
  }
}
