import { type APIRequestContext, expect } from '@playwright/test';

/** The ingestion key the e2e server is started with (playwright.config.ts, INGEST_API_KEY). */
export const INGEST_KEY = 'e2e-ingest-key';

export interface TestOrder {
  order_id: string;
  first_name: string;
  sur_name: string;
  contact_email_address: string;
  phone_number: string;
  process_status?: string;
  created_at?: string;
  /** a data URL, as the websites send the passport (SPEC §3 passport_image) */
  passport_image?: string;
  /** the processor that took the payment (DESIGN §15); unset: the gateway active on arrival says */
  payment_processor?: string;
  /** the processor's charge id (DESIGN §15, §26) */
  payment_reference?: string;
  /** what the customer paid, in the currency's units, and its ISO code */
  amount?: number;
  currency?: string;
  /** the buyer's IP at checkout (DESIGN §14's purchase evidence) */
  purchase_ip?: string;
  nationality?: string;
}

let seq = 0;
/**
 * A tag no other test or demo order contains: each test searches by it and so sees only its own
 * orders, whatever the demo data or an earlier run left in the database.
 */
export function uniqueTag(): string {
  seq += 1;
  return `Q${Date.now().toString(36).toUpperCase()}${seq}`;
}

/** `count` orders whose ids are `UKETA-{tag}-01`, `-02` … (zero-padded, so they sort as numbered). */
export function makeOrders(tag: string, count: number, extra: Partial<TestOrder> = {}): TestOrder[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return {
      order_id: `UKETA-${tag}-${n}`,
      first_name: 'Test',
      sur_name: `Applicant${n}`,
      contact_email_address: `${tag.toLowerCase()}.${n}@example.test`,
      phone_number: `+44 7700 9${n}000`,
      ...extra,
    };
  });
}

/** Creates orders the way an application website does (POST /api/integrations/orders). */
export async function ingestOrders(request: APIRequestContext, orders: TestOrder[]): Promise<string[]> {
  const res = await request.post('/api/integrations/orders', {
    headers: { 'X-Api-Key': INGEST_KEY },
    data: { orders },
  });
  const body = await res.json();
  expect(res.status(), body.message).toBe(201);
  expect(body.data.created).toHaveLength(orders.length);
  return orders.map((o) => o.order_id);
}

/** The path segment of the order detail: base64url of the order id (DESIGN §5). */
export function orderRef(orderId: string): string {
  return Buffer.from(orderId, 'utf8').toString('base64url');
}
