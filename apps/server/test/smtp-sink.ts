import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps every message it accepts, parsed (DESIGN §12). */
export interface SmtpSink {
  port: number;
  url: string;
  messages: ParsedMail[];
  /** the SMTP envelope sender (MAIL FROM) of each message, in the same order: the Return-Path a receiver writes */
  envelopeFrom: string[];
  /** stops listening: the provider is down */
  close(): Promise<void>;
  /** listens again on the same port: the provider is back */
  open(): Promise<void>;
  /** resolves once `n` messages have arrived (for tests of the running worker) */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
}

function createServer(messages: ParsedMail[], senders: string[], arrived: () => void): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const from = session.envelope.mailFrom;
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          senders.push(from ? from.address : '');
          arrived();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
}

const listen = (server: SMTPServer, port: number) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.server.address() as AddressInfo).port);
    });
  });

/** Starts a sink on an ephemeral port (or `port`); `listening: false` reserves a port and leaves it closed. */
export async function startSmtpSink(options: { listening?: boolean } = {}): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const senders: string[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const arrived = () => {
    for (const w of waiters.filter((w) => messages.length >= w.n)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  let server: SMTPServer | null = createServer(messages, senders, arrived);
  const port = await listen(server, 0);
  const sink: SmtpSink = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    envelopeFrom: senders,
    async close() {
      const closing = server;
      server = null;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    async open() {
      if (server) return;
      server = createServer(messages, senders, arrived);
      await listen(server, port);
    },
    waitFor(n, timeoutMs = 10_000) {
      if (messages.length >= n) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`waited for ${n} messages, got ${messages.length}`)),
          timeoutMs,
        );
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
  };
  if (options.listening === false) await sink.close();
  return sink;
}

/** The href of the first link labelled `label` in a mail's HTML. */
export function hrefOf(html: string, label: string): string | undefined {
  const match = new RegExp(`<a href="([^"]+)">${label}</a>`).exec(html);
  return match?.[1]?.replace(/&amp;/g, '&');
}

/** The messages a sink received about one order (its id is in every subject). */
export const ofOrder = (sink: SmtpSink, orderId: string): ParsedMail[] =>
  sink.messages.filter((m) => m.subject?.includes(orderId));
