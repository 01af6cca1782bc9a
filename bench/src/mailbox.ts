import { existsSync } from 'node:fs';
import { ImapFlow } from 'imapflow';
import { DOVECOT, IMAP_PASSWORD, IMAP_USER, startDovecot } from '../../apps/server/test/dovecot-fixture.ts';

/** What a mailbox figure says when this machine has no dovecot (.ci/run installs dovecot-imapd). */
export const NO_DOVECOT = 'skipped: no dovecot';
/** the addresses the server's customer mails name (DESIGN §25); both arrive in the one mailbox */
export const REPLY_TO = 'replies@desk.bench.test';
export const BOUNCES = 'bounces@desk.bench.test';

export interface Mailbox {
  /** the server's settings for this mailbox */
  env: Record<string, string>;
  /** IMAP APPEND of one raw RFC 5322 message to INBOX, on the bench's own kept connection */
  append(raw: Buffer): Promise<void>;
  /** messages still in INBOX: those the server's reader has not moved out yet */
  waiting(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The server's inbound mailbox for the run (DESIGN §25): the API tests' dovecot (its own
 * configuration, a free port on loopback, Maildir in a temporary folder), and one IMAP connection
 * of the bench's that appends as a mail server delivers: one message after another, each a whole
 * file. One connection, not one per message: the bench process also drives the mixed workload, and
 * a log-in per message would cost it (and dovecot) more than the delivery it stands for.
 * Null when dovecot is missing: the figures that need it say so and the run goes on.
 */
export async function startMailbox(): Promise<Mailbox | null> {
  if (!existsSync(DOVECOT)) return null;
  const dovecot = await startDovecot();
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: dovecot.port,
    secure: false,
    auth: { user: IMAP_USER, pass: IMAP_PASSWORD },
    logger: false,
  });
  // an 'error' event without a listener would end the bench; the next append's await sees it
  client.on('error', () => undefined);
  await client.connect();
  return {
    env: {
      INBOUND_IMAP_URL: dovecot.url,
      INBOUND_REPLY_TO: REPLY_TO,
      INBOUND_BOUNCE_ADDRESS: BOUNCES,
    },
    async append(raw) {
      const done = await client.append('INBOX', raw);
      if (!done) throw new Error('IMAP APPEND refused a message');
    },
    async waiting() {
      const status = await client.status('INBOX', { messages: true });
      if (!status) throw new Error('IMAP STATUS of INBOX refused');
      return status.messages ?? 0;
    },
    async stop() {
      await client.logout().catch(() => client.close());
      await dovecot.stop();
    },
  };
}
