import path from 'node:path';
import { field, int, logLevel, onOff, trustProxyFrom, workersFrom } from './env-fields.ts';

const HERE = path.dirname(new URL(import.meta.url).pathname);
export const DEFAULT_WEB_DIST = path.resolve(HERE, '../../web/dist');

/** env-schema.ts's fields of the connection's edge: time-outs and whose X-Forwarded-For to believe. */
export const EDGE_FIELDS = {
  REQUEST_TIMEOUT_MS: int(
    {
      default: '`60000`',
      meaning:
        'a whole request (headers and body) must arrive within it, else `408` and the connection closes: a client that trickles a body cannot hold a connection (a 10 MB upload needs about 1.4 Mbit/s)',
    },
    60_000,
    100,
    3_600_000,
  ),
  CONNECTION_TIMEOUT_MS: int(
    {
      default: '`30000`',
      meaning:
        'a connection silent this long (a stalled body, an idle keep-alive) is closed; keep it above the slowest reply. The live stream (`/api/admin/live`) is exempt: its heartbeat every 25 s keeps it open (docs/operations/README.md, Working live)',
    },
    30_000,
    100,
    3_600_000,
  ),
  TRUST_PROXY: field(
    {
      default: 'unset (`false`)',
      meaning:
        'whose `X-Forwarded-For` to believe: `true` (any proxy), a hop count such as `1`, or proxy addresses/CIDRs separated by commas. The client address is evidence in the download log and the key of the rate limits, so set it to your load balancer only',
    },
    trustProxyFrom,
  ),
};

/** env-schema.ts's fields of how the server runs: logs, PostgreSQL sessions, threads, processes, the web app. */
export const RUNTIME_FIELDS = {
  LOG_LEVEL: field(
    { default: '`info`', meaning: 'pino log level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`' },
    logLevel,
  ),
  PG_PREPARED_STATEMENTS: onOff(
    {
      default: '`true`',
      meaning:
        'PostgreSQL: each connection keeps the statements it has run as named prepared statements (parsed and planned once). Set `false` behind a connection pooler in transaction mode that cannot hold them (PgBouncer before 1.21, or without `max_prepared_statements`)',
    },
    true,
  ),
  PG_LISTEN: onOff(
    {
      default: '`true`',
      meaning:
        "PostgreSQL: the staff check of every request keeps the members it has read and hears of any change to one (password, type, deletion) on its own `LISTEN` connection, so it need not read them again. Its sessions and the live stream's changes between instances are heard the same way. Set `false` behind a connection pooler in transaction mode (LISTEN needs a session; point `DATABASE_URL` past the pooler or turn this off): every request then reads its member and session, and live changes reach only the streams of the instance that made them",
    },
    true,
  ),
  SEARCH_THREADS: int(
    {
      default: '`1`',
      meaning:
        "SQLite: threads (0 to 8) that run queue searches beside the server's own, each with a read-only connection to the database file, so a search (a few milliseconds at a million orders, longer for a text under three characters) does not hold up other staff's requests; searches wait for each other on the threads. `0` runs searches in the server's thread. Ignored on PostgreSQL, which runs them in its own processes",
    },
    1,
    0,
    8,
  ),
  WORKERS: field(
    {
      default: '`1`',
      meaning:
        'server processes on this machine (`auto`: one per core). With more than one, the first process migrates and seeds, then only starts, restarts and stops the workers, which share `PORT`. Without `REDIS_URL` rate limits are counted in each process, so an address can reach up to `WORKERS` times a limit. On SQLite several processes speed up reads but writers queue for the one database lock: measure before going past 2',
    },
    workersFrom,
  ),
  WEB_DIST_DIR: field({ default: '`apps/web/dist`', meaning: 'where the built web app is' }, (raw) =>
    raw ? path.resolve(raw) : DEFAULT_WEB_DIST,
  ),
};
