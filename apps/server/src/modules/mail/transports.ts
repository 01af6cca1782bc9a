import { MAIL_PROVIDERS, type MailProvider } from '@eta/shared';
import { createTransport } from 'nodemailer';
import type { Config } from '../../config.ts';
import { FILE_FOLDER, type FileStore } from '../../lib/file-store.ts';

/** One message as the worker hands it to a provider. */
export interface OutgoingMail {
  /** the outbox id: names the .eml file, so sending a row again rewrites the same file */
  id: number;
  messageId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** the mail's signed reply address (DESIGN §25) */
  replyTo?: string;
  /** the SMTP envelope: its sender is the signed bounce address (VERP, DESIGN §25) */
  envelope?: { from: string; to: string };
  /** read from the file store before the message is built */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface MailTransport {
  /** where the messages go, for logs: an SMTP host:port or the .eml folder */
  readonly target: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Seconds an SMTP peer may stay silent before the attempt counts as failed (the lease is longer). */
const SMTP_TIMEOUT_MS = 20_000;

function smtpTransport(url: string): MailTransport {
  const transport = createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  const parsed = new URL(url);
  return {
    target: `${parsed.protocol}//${parsed.host}`,
    async send(mail) {
      const { id: _id, ...message } = mail;
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}

/** The .eml file of an outbox row (erasure finds it by the same name). */
export const emlFileName = (provider: string, id: number) => `${provider}-${id}.eml`;

/**
 * No SMTP URL for the provider (DESIGN §4): the message is written as an .eml file in the file
 * store's mail folder (DATA_DIR/mail, or the bucket's), whole or not at all, and counts as sent.
 */
function fileTransport(files: FileStore, provider: MailProvider): MailTransport {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    target: `${FILE_FOLDER.mail} folder of the file store`,
    async send(mail) {
      const { id, ...message } = mail;
      const info = await transport.sendMail(message);
      await files.putAs(FILE_FOLDER.mail, emlFileName(provider, id), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}

const smtpUrls = (config: Config): Record<MailProvider, string | null> => ({
  cloud: config.mail.cloudUrl,
  delivery: config.mail.deliveryUrl,
});

/** Providers whose mails go to .eml files for want of an SMTP URL. */
export function providersWithoutSmtp(config: Config): MailProvider[] {
  const urls = smtpUrls(config);
  return MAIL_PROVIDERS.filter((provider) => !urls[provider]);
}

/** One transport per provider: `cloud` → MAIL_CLOUD_URL, `delivery` → MAIL_DELIVERY_URL (DESIGN §9). */
export function createTransports(config: Config, files: FileStore): Record<MailProvider, MailTransport> {
  const urls = smtpUrls(config);
  const entries = MAIL_PROVIDERS.map((provider) => {
    const url = urls[provider];
    return [provider, url ? smtpTransport(url) : fileTransport(files, provider)] as const;
  });
  return Object.fromEntries(entries) as Record<MailProvider, MailTransport>;
}

/**
 * The Message-ID of an outbox row: the same on every attempt, so a message sent twice after an
 * unknown outcome (a crash between the provider's answer and our commit) is recognisable as one.
 */
export function messageIdOf(row: { id: number; created_at: string }, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'etadesk.local';
  const stamp = row.created_at.replace(/\D/g, '');
  return `<outbox-${row.id}.${stamp}@${domain}>`;
}

/**
 * The From of a mail: MAIL_FROM's address under `name` (an order's site, which signs the mail), or
 * MAIL_FROM as configured when there is no name. The name is quoted, so a comma or a bracket in a
 * site's name stays part of it; nodemailer encodes non-ASCII letters.
 */
export function senderOf(configured: string, name: string | null): string {
  if (!name) return configured;
  const address = /<([^>]+)>\s*$/.exec(configured)?.[1] ?? configured.trim();
  return `"${name.replace(/["\\\r\n]/g, '')}" <${address}>`;
}
