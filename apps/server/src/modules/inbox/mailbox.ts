import { ImapFlow } from 'imapflow';

/** INBOUND_IMAP_URL read: `imaps://user:pass@host:993/INBOX` (`imap://` without TLS, loopback tests). */
export function mailboxOf(url: string) {
  const u = new URL(url);
  const secure = u.protocol === 'imaps:';
  return {
    host: u.hostname,
    port: Number(u.port) || (secure ? 993 : 143),
    secure,
    user: decodeURIComponent(u.username),
    pass: decodeURIComponent(u.password),
    folder: decodeURIComponent(u.pathname.replace(/^\/+/, '')) || 'INBOX',
  };
}

/** A connection to the mailbox through imapflow; no log of its own (ours says what happened). */
export function openMailbox(url: string): { client: ImapFlow; folder: string } {
  const box = mailboxOf(url);
  const client = new ImapFlow({
    host: box.host,
    port: box.port,
    secure: box.secure,
    auth: { user: box.user, pass: box.pass },
    logger: false,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 10 * 60_000,
    maxLiteralSize: 120 * 1024 * 1024,
    // IDLE just after the last command, not imapflow's 15 s: until IDLE starts the server tells of no
    // new mail, so each read was followed by 15 s in which a reply waited unseen (and at one second,
    // the bench's 1,000 messages a minute waited a second each). The reader's own commands hold the
    // mailbox lock, during which imapflow never starts IDLE between them: no IDLE/DONE around each.
    autoIdleDelay: 50,
  });
  return { client, folder: box.folder };
}

/** What went wrong with the mailbox, in words for readiness and the log (never the password). */
export function mailboxProblem(error: unknown): string {
  const e = error as { authenticationFailed?: boolean; code?: string; message?: string };
  if (e?.authenticationFailed) return 'inbound mailbox: sign-in refused (wrong user name or password)';
  if (e?.code === 'ECONNREFUSED') return 'inbound mailbox: connection refused';
  if (e?.code === 'ENOTFOUND') return 'inbound mailbox: host not found';
  if (e?.code === 'ETIMEDOUT' || e?.code === 'CONNECT_TIMEOUT' || e?.code === 'GREETING_TIMEOUT')
    return 'inbound mailbox: no answer';
  return `inbound mailbox: ${(e?.message ?? String(error)).replace(/\s+/g, ' ').slice(0, 200)}`;
}
