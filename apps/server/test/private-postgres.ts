import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL server of a test's own, in a temporary directory on a free loopback port, for tests
 * that stop, restart or cut it: the machine's shared server (TEST_DATABASE_URL) serves other test
 * files meanwhile and is never touched. Built from the binaries of Debian's postgresql package.
 */
export interface PrivatePostgres {
  /** postgres://… of the database `name` (the cluster's own `postgres` by default) */
  url(name?: string): string;
  createDatabase(name: string): Promise<void>;
  /** pg_ctl stop, fast mode: sessions are ended with "terminating connection due to administrator command" */
  stop(): void;
  start(): void;
  /** ends every other session on the server, as an administrator's pg_terminate_backend does */
  terminateSessions(): Promise<number>;
  destroy(): void;
}

/** the newest /usr/lib/postgresql/<version>/bin holding initdb, or null */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

/** Whether a private server can be started here: CI's PostgreSQL tests run, and its binaries exist. */
export const privatePostgresAvailable = (): boolean =>
  Boolean(process.env.TEST_DATABASE_URL) && postgresBinaries() !== null;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const dir = mkdtempSync(path.join(tmpdir(), 'eta-pg-'));
  // PostgreSQL refuses to run as root: as root, its binaries run as the postgres user, which owns the directory.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    execFileSync(file, argv, { stdio: 'pipe', timeout: 60_000 });
  };
  const data = path.join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  // fsync off: nothing here outlives the test, and a restart (not a crash of the machine) loses nothing anyway
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  start();
  const url = (name = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${name}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  let running = true;
  return {
    url,
    createDatabase: (name) => admin(async (client) => void (await client.query(`CREATE DATABASE ${name}`))),
    stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    start() {
      start();
      running = true;
    },
    terminateSessions: () =>
      admin(async (client) => {
        const { rows } = await client.query(
          `select pg_terminate_backend(pid) as ended from pg_stat_activity
            where pid <> pg_backend_pid() and backend_type = 'client backend'`,
        );
        return rows.filter((row: { ended: boolean }) => row.ended).length;
      }),
    destroy() {
      if (running) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
