import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { domainOfOrderId } from '@eta/shared';
import type { LightMyRequestResponse } from 'fastify';
import { FILE_FOLDER } from '../src/lib/file-store.ts';
import { nowIso } from '../src/lib/time.ts';
import type { TestApp } from './test-app.ts';

/**
 * Orders and documents for the public-page tests, written straight into the database and DATA_DIR:
 * the document upload route belongs to another feature, and these tests are about what customers see.
 */

export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
export const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);

export const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.127 Safari/537.36';
export const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1';

let seq = 0;

export interface PublicOrder {
  id: number;
  orderId: string;
  email: string;
}

export interface StoredDocument {
  id: number;
  file1: string;
  bytes: Buffer;
}

export async function createOrder(t: TestApp, prefix = 'UKETA-'): Promise<PublicOrder> {
  seq += 1;
  const orderId = `${prefix}${String(50_000_000 + seq)}${randomBytes(2).toString('hex').toUpperCase()}`;
  const email = `Customer.${seq}@Example.test`;
  const at = nowIso();
  const row = await t.app.ctx.db
    .insertInto('orders')
    .values({
      order_id: orderId,
      domain: domainOfOrderId(orderId, t.config.domainPrefixes),
      process_status: 'Completed',
      processing_type: 'standard',
      first_name: 'Jane',
      sur_name: `Doe${seq}`,
      contact_email_address: email,
      search_text: orderId.toLowerCase(),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, orderId, email };
}

/** A document file under DATA_DIR/documents and its row, as an upload would leave them. */
export async function addDocument(
  t: TestApp,
  order: PublicOrder,
  options: { bytes?: Buffer; contentType?: string; ext?: string; rejected?: boolean } = {},
): Promise<StoredDocument> {
  const bytes = options.bytes ?? PDF_BYTES;
  const file1 = `${randomBytes(12).toString('hex')}.${options.ext ?? 'pdf'}`;
  const folder = path.join(t.config.dataDir, FILE_FOLDER.documents);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, file1), bytes);
  const row = await t.app.ctx.db
    .insertInto('documents')
    .values({
      order_key: order.id,
      file1,
      original_name: 'approval.pdf',
      content_type: options.contentType ?? 'application/pdf',
      size: bytes.length,
      customer_name: 'Jane Doe',
      is_rejected_doc: options.rejected ? 'Yes' : 'No',
      mail_service_provider: 'cloud',
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, file1, bytes };
}

export async function rejectDocument(t: TestApp, documentId: number): Promise<void> {
  await t.app.ctx.db.updateTable('documents').set({ is_rejected_doc: 'Yes' }).where('id', '=', documentId).execute();
}

export interface PublicCall {
  token?: string | null;
  /** the address the request comes from */
  ip?: string;
  /** what a client claims in X-Forwarded-For */
  forwardedFor?: string;
  userAgent?: string;
}

/** A public call as the pages make it: JSON body, access token in Authorization with no prefix. */
export function front(
  t: TestApp,
  url: string,
  payload: unknown,
  options: PublicCall = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = options.token;
  if (options.userAgent) headers['user-agent'] = options.userAgent;
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
  return t.app.inject({
    method: 'POST',
    url: `/api/front/${url}`,
    headers,
    payload: payload as object,
    // The connecting address; X-Forwarded-For counts only behind a trusted proxy (TRUST_PROXY).
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

/** Tracks an order through the real route and returns its access token. */
export async function accessTokenFor(t: TestApp, order: PublicOrder): Promise<string> {
  const res = await front(t, 'track-order', { orderId: order.orderId, email: order.email });
  if (res.statusCode !== 200) throw new Error(`track failed: ${res.body}`);
  return res.json().data.accessToken;
}

/** Records a download and returns its one-time link. */
export async function downloadLink(
  t: TestApp,
  order: PublicOrder,
  doc: StoredDocument,
  token: string,
  options: PublicCall & { timezone?: string } = {},
): Promise<string> {
  const res = await front(
    t,
    'download-passport-doc-pdf',
    {
      orderId: order.orderId,
      customername: 'Jane Doe',
      file1: doc.file1,
      timezone: options.timezone ?? 'Europe/London',
    },
    { token, ...options },
  );
  if (res.statusCode !== 200) throw new Error(`download failed: ${res.body}`);
  return res.json().data.downloadUrl;
}
