import { ORDERS_CONTRACTS } from '@eta/shared';
import type { LightMyRequestResponse } from 'fastify';
import { pngDataUrl, solidPng } from '../src/seed/png.ts';
import { type ApiQuery, api } from './api-client.ts';
import { call, type TestApp } from './test-app.ts';

/** The key test apps are built with (INGEST_API_KEY). */
export const INGEST_KEY = 'test-ingest-key-0123456789abcdef';
export const PNG_URL = pngDataUrl(solidPng(2, 2, [200, 30, 30]));
/** Declared PNG, but GIF bytes: refused by the magic-number check. */
export const GIF_URL = `data:image/png;base64,${Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64')}`;

let seq = 0;
/** A fresh order id with the primary prefix; unique within a test run. */
export function nextOrderId(prefix = 'UKETA-'): string {
  seq += 1;
  return `${prefix}${String(70_000_000 + seq)}`;
}

/** A valid order as a website sends it; override any field. */
export function buildOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const order_id = (overrides.order_id as string | undefined) ?? nextOrderId();
  return {
    order_id,
    first_name: 'Jane',
    sur_name: 'Doe',
    contact_email_address: `${order_id.toLowerCase()}@example.test`,
    phone_number: '7700900123',
    country_code: 'UK',
    nationality: 'United States',
    intended_travel_date: '2026-05-01',
    processing_type: 'standard',
    amount: 39.99,
    currency: 'GBP',
    ...overrides,
  };
}

export function postOrders(
  t: TestApp,
  body: unknown,
  key: string | null = INGEST_KEY,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/integrations/orders',
    headers: key === null ? {} : { 'x-api-key': key },
    payload: body as object,
  });
}

/** Ingests orders through the real API and fails loudly if any was not created. */
export async function seedOrders(t: TestApp, orders: Record<string, unknown>[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < orders.length; i += 1000) {
    const res = await postOrders(t, { orders: orders.slice(i, i + 1000) });
    if (res.statusCode !== 201) throw new Error(`seeding failed: ${res.body}`);
    ids.push(...res.json().data.created);
  }
  return ids;
}

/** Assigns orders to a member through the real API. */
export async function assignAs(token: string, t: TestApp, orderIds: string[]): Promise<LightMyRequestResponse> {
  return api(t, ORDERS_CONTRACTS.assign, { body: { orderId: orderIds } }, token);
}

/** Every row of a folder, as the member sees it (limit=all), with the rest of the list's query if given. */
export async function listAll(
  t: TestApp,
  token: string,
  folder: string,
  query: ApiQuery<typeof ORDERS_CONTRACTS.list> = {},
) {
  return api(t, ORDERS_CONTRACTS.list, { params: { orderName: folder }, query: { limit: 'all', ...query } }, token);
}

/**
 * What the tests of the bulk actions (assign, delete, refund) need of one app, once `t` is built:
 * orders to act on, an order's row and its logged events, a member's folder counts, and a PUT.
 */
export function bulkHelpers(app: () => TestApp) {
  const order = (orderId: string) =>
    app().app.ctx.db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  return {
    newOrders: (n: number, fields: Record<string, unknown> = {}) =>
      seedOrders(
        app(),
        Array.from({ length: n }, () => buildOrder(fields)),
      ),
    order,
    /** the order's events but its creation, oldest first */
    events: async (orderId: string) => {
      const { id } = await order(orderId);
      return app()
        .app.ctx.db.selectFrom('order_events')
        .select(['kind', 'staff_id', 'staff_name', 'from_value', 'to_value'])
        .where('order_key', '=', id)
        .where('kind', '<>', 'created')
        .orderBy('id')
        .execute();
    },
    counts: async (member: { token: string }) =>
      (await api(app(), ORDERS_CONTRACTS.folderCounts, {}, member)).json().data,
    put: (path: string, member: { token: string } | null, payload: unknown) =>
      call(app(), 'PUT', `/api/admin/${path}`, member?.token ?? null, payload),
  };
}
