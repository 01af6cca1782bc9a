import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startDovecot } from '../apps/server/test/dovecot-fixture.ts';
import { MAILBOX_FILE, type MailboxInfo } from './mailbox.ts';

/**
 * The e2e web server, with the mailbox it reads: a real dovecot on a free loopback port (the API
 * tests' own fixture, DESIGN §25), then the demo server with INBOUND_IMAP_URL pointing at it. The
 * specs put customer mail into that mailbox with IMAP APPEND (mailbox.ts reads where it is). Stopped
 * with its children when Playwright stops the web server.
 */
const dovecot = await startDovecot();
const info: MailboxInfo = { port: dovecot.port, url: dovecot.url };
mkdirSync(path.dirname(MAILBOX_FILE), { recursive: true });
writeFileSync(MAILBOX_FILE, JSON.stringify(info));

const server = spawn(process.execPath, ['../apps/server/src/main.ts', 'demo'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    INBOUND_IMAP_URL: dovecot.url,
    // a reply lands within a second or two: dovecot offers IDLE, and this bounds the wait without it
    INBOUND_POLL_SECONDS: '2',
    INBOUND_REPLY_TO: 'replies@inbox.e2e.test',
    INBOUND_BOUNCE_ADDRESS: 'bounces@inbox.e2e.test',
  },
});

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null) server.kill('SIGTERM');
  await dovecot.stop().catch(() => undefined);
  process.exit(code);
}
server.on('exit', (code) => void stop(code ?? 1));
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(0));
