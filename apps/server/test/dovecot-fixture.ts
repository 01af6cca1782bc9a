import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll } from 'vitest';

/**
 * A real IMAP server on loopback (DESIGN §25): Debian's dovecot-imapd with its own configuration in
 * a temporary folder, a free port, one user from a passwd-file, Maildir under the folder, no TLS.
 * The system's dovecot service is never used. Run as root (CI containers), dovecot wants its login
 * processes unprivileged and refuses uid 0 for mail: they run as Debian's dovecot users.
 */
export const DOVECOT = '/usr/sbin/dovecot';
export const IMAP_USER = 'desk';
export const IMAP_PASSWORD = 'inbox-secret';

export interface Dovecot {
  port: number;
  /** INBOUND_IMAP_URL for the app */
  url: string;
  /** the same mailbox with a wrong password */
  wrongPasswordUrl: string;
  /** puts a raw RFC 5322 message into a folder with IMAP APPEND */
  append(raw: string | Buffer, folder?: string): Promise<void>;
  /** how many messages a folder holds */
  count(folder: string): Promise<number>;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Waits for the greeting, so the first connection of a test never races the start. */
async function greeted(port: number, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`dovecot exited with ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = netConnect(port, '127.0.0.1');
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('dovecot did not greet');
}

const idOf = (name: string) => Number(execFileSync('id', ['-u', name]).toString().trim());
const gidOf = (name: string) => Number(execFileSync('id', ['-g', name]).toString().trim());

export async function startDovecot(): Promise<Dovecot> {
  if (!existsSync(DOVECOT)) throw new Error(`${DOVECOT} is missing: apt-get install dovecot-imapd (.ci/run does)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'eta-dovecot-'));
  const port = await freePort();
  const root = process.getuid?.() === 0;
  const user = root ? 'dovecot' : execFileSync('id', ['-un']).toString().trim();
  const group = root ? 'dovecot' : execFileSync('id', ['-gn']).toString().trim();
  const mailUid = root ? idOf('dovecot') : (process.getuid?.() as number);
  const mailGid = root ? gidOf('dovecot') : (process.getgid?.() as number);
  const home = path.join(dir, 'home');
  mkdirSync(home, { recursive: true });
  if (root) {
    execFileSync('chmod', ['755', dir]);
    chownSync(home, mailUid, mailGid);
  }
  writeFileSync(path.join(dir, 'passwd'), `${IMAP_USER}:{PLAIN}${IMAP_PASSWORD}::::::\n`);
  writeFileSync(
    path.join(dir, 'dovecot.conf'),
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${user}
default_internal_group = ${group}
default_login_user = ${root ? 'dovenull' : user}
first_valid_uid = 1
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${mailUid} gid=${mailGid} home=${home}/%u
}
mail_location = maildir:~/Maildir
namespace inbox {
  inbox = yes
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service anvil {
  chroot =
}
`,
  );
  const child = spawn(DOVECOT, ['-F', '-c', path.join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  await greeted(port, child);
  const url = `imap://${IMAP_USER}:${IMAP_PASSWORD}@127.0.0.1:${port}/INBOX`;

  const withClient = async <T>(work: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user: IMAP_USER, pass: IMAP_PASSWORD },
      logger: false,
    });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };

  return {
    port,
    url,
    wrongPasswordUrl: `imap://${IMAP_USER}:not-it@127.0.0.1:${port}/INBOX`,
    append: (raw, folder = 'INBOX') =>
      withClient(async (client) => {
        await client.mailboxCreate(folder).catch(() => undefined);
        await client.append(folder, raw);
      }),
    count: (folder) =>
      withClient(async (client) => {
        const status = await client.status(folder, { messages: true }).catch(() => null);
        return status ? (status.messages ?? 0) : 0;
      }),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One Dovecot for the whole test file: started before its first test, stopped after its last. Call it
 * at the top of the file; the mailbox it gives is usable inside tests and hooks (not while the file's
 * tests are being collected, when the server has not started yet).
 */
export function dovecotForFile(): Dovecot {
  let started: Dovecot | undefined;
  beforeAll(async () => {
    started = await startDovecot();
  });
  afterAll(() => started?.stop());
  const current = (): Dovecot => {
    if (!started) throw new Error('Dovecot starts in beforeAll: use it inside a test or a hook');
    return started;
  };
  return {
    get port() {
      return current().port;
    },
    get url() {
      return current().url;
    },
    get wrongPasswordUrl() {
      return current().wrongPasswordUrl;
    },
    append: (raw, folder) => current().append(raw, folder),
    count: (folder) => current().count(folder),
    stop: () => current().stop(),
  };
}
