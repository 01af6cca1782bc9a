/**
 * The database going away and coming back (DESIGN §22): a PostgreSQL restart or failover, or
 * connections cut by an administrator. Requests that meet it answer 503 with Retry-After (the error
 * envelope, plugins/errors.ts), never 500; the pool opens new connections by itself once it is back.
 */

/** Retry-After of a 503 for a database away: a restart takes a few seconds */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * PostgreSQL's SQLSTATEs for a server that is going, gone or not yet back: class 08 (connection
 * exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up,
 * shutting down, in recovery), and 53300 too_many_connections (every instance reconnecting at once
 * after a restart).
 */
const UNAVAILABLE_STATES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** the socket's own failures on the way to the database or on a connection it dropped */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** node-postgres's own words for a connection that ended or never came (pg's client.js and pg-pool) */
const DRIVER_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect)/;

/**
 * Whether `error` says the connection to the database is lost or cannot be made, by its shape alone.
 * SQLite's errors never match (their codes are SQLITE_…, and its file cannot go away like a server).
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('SQLITE_')) return false;
    if (UNAVAILABLE_STATES.test(code) || NETWORK_CODES.has(code)) return true;
  }
  return DRIVER_MESSAGES.test(error.message);
}

/** errors that came out of the PostgreSQL pool or one of its connections (db/connect.ts marks them) */
const fromDatabase = new WeakSet<object>();

/** Marks an error as the database's (db/connect.ts, for every failure of the pool and its connections). */
export function markFromDatabase(error: unknown): unknown {
  if (typeof error === 'object' && error !== null) fromDatabase.add(error);
  return error;
}

/**
 * A request failed because the database is away: a connection failure that came from the database,
 * so a Redis or mail server refusing (which never reach the error envelope as such) is never taken
 * for one.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && fromDatabase.has(error) && isConnectionFailure(error);
}
