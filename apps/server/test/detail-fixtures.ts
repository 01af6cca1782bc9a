import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { solidPng } from '../src/seed/png.ts';
import { buildOrder, seedOrders } from './orders-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** A small but real PDF: what the magic-number check wants to see first. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
export const PNG = solidPng(3, 3, [20, 120, 200]);
/** HTML in disguise: named .pdf, sent as application/pdf. */
export const HTML_AS_PDF = Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>');

export interface FilePart {
  filename: string;
  type: string;
  bytes: Buffer;
  field?: string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipart(fields: Record<string, string>, file?: FilePart) {
  const boundary = `----etaTest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'uploadVisaDoc'}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function uploadDocument(
  t: TestApp,
  token: string | null,
  fields: Record<string, string>,
  file?: FilePart,
): Promise<LightMyRequestResponse> {
  const body = multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/upload-visa-document',
    headers: { ...body.headers, ...(token ? { authorization: token } : {}) },
    payload: body.payload,
  });
}

export const pdfFile = (bytes: Buffer = PDF): FilePart => ({ filename: 'eta.pdf', type: 'application/pdf', bytes });

/** Files in DATA_DIR/documents, temp files included. */
export function storedDocuments(t: TestApp): string[] {
  const dir = path.join(t.config.dataDir, 'documents');
  return existsSync(dir) ? readdirSync(dir) : [];
}

/** One new order through the ingestion API; returns its id. */
export async function newOrder(t: TestApp, fields: Record<string, unknown> = {}): Promise<string> {
  const [id] = await seedOrders(t, [buildOrder(fields)]);
  return id as string;
}

export async function orderRow(t: TestApp, orderId: string) {
  return t.app.ctx.db.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
}

export async function outboxOf(t: TestApp, orderId: string) {
  const { id } = await orderRow(t, orderId);
  return t.app.ctx.db.selectFrom('mail_outbox').selectAll().where('order_key', '=', id).orderBy('id').execute();
}
