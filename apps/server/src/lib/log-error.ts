import { isConnectionFailure } from './database-unavailable.ts';

/** causes followed at most this deep, and the errors of an AggregateError kept at most */
const MAX_DEPTH = 3;
const MAX_ERRORS = 5;

type Plain = string | number | boolean | null;
const isPlain = (value: unknown): value is Plain =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * The log's `err` (app.ts's logger). pino's own serializer copies every enumerable property of an
 * error, and pg-pool hangs the whole connection on the error of one that died idle (`err.client`:
 * user, database, host, socket, prepared statements, 17 kB a line, issue 31). Here an error keeps
 * its type, message, stack and plain properties (a PostgreSQL error's code, detail, constraint…),
 * never an object one carries; a lost database connection keeps only its type, message and code,
 * since every request that held one reports it and its stack says nothing.
 */
export function serializeErrorForLog(error: unknown, depth = 0): unknown {
  if (isPlain(error) || error === undefined) return error;
  if (typeof error !== 'object') return String(error);
  const out: Record<string, unknown> = {};
  if (error instanceof Error) {
    out.type = error.constructor?.name ?? error.name;
    out.message = error.message;
    if (isConnectionFailure(error)) {
      const code = (error as { code?: unknown }).code;
      return isPlain(code) ? { ...out, code } : out;
    }
    out.stack = error.stack;
  }
  for (const [key, value] of Object.entries(error)) if (isPlain(value) && !(key in out)) out[key] = value;
  if (depth < MAX_DEPTH && error instanceof Error) {
    if (error.cause !== undefined) out.cause = serializeErrorForLog(error.cause, depth + 1);
    if (error instanceof AggregateError)
      out.errors = error.errors.slice(0, MAX_ERRORS).map((each) => serializeErrorForLog(each, depth + 1));
  }
  return out;
}

/**
 * The same, typed as Fastify's logger options want `err` (pino's shape); a lost connection's record
 * has no stack, which pino never relies on.
 */
export const logErrorSerializer = serializeErrorForLog as (error: unknown) => {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
};
