import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

/** Real RFC 5322 messages, composed as the API tests compose them (nodemailer, never by hand). */
export { customerReply as customerMail } from '../apps/server/test/inbound-messages.ts';

/** A small real PDF, as a customer attaches one. */
export const PDF_ATTACHMENT = {
  filename: 'passport-photo.pdf',
  contentType: 'application/pdf',
  content: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
};

/** Where serve.ts says the e2e server's mailbox is (inside the server's DATA_DIR, made afresh each run). */
export const MAILBOX_FILE = path.join(import.meta.dirname, '.data', 'mailbox.json');

export interface MailboxInfo {
  port: number;
  url: string;
}

/** Puts a raw RFC 5322 message into the e2e server's mailbox with IMAP APPEND, as a mail server would. */
export async function deliver(raw: string | Buffer): Promise<void> {
  const info = JSON.parse(readFileSync(MAILBOX_FILE, 'utf8')) as MailboxInfo;
  const url = new URL(info.url);
  const client = new ImapFlow({
    host: url.hostname,
    port: Number(url.port),
    secure: false,
    auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    logger: false,
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.append('INBOX', raw);
  } finally {
    await client.logout().catch(() => client.close());
  }
}
