import type { FastifyRequest } from 'fastify';

/** Where the request being served came from: the audit log records it beside each entry (DESIGN §16). */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** Outside a request (the retention job, a CLI) there is none. */
export const NO_ORIGIN: RequestOrigin = Object.freeze({ ip: null, userAgent: null });
/** user agents are kept to this length: enough for any real browser, bounded for a hostile one */
const USER_AGENT_MAX = 1000;

/**
 * The origin of `request`, handed by its route to the service, which passes it to the transaction
 * (inTransaction, Transactions.committed): the audit entry reads it from the transaction's context.
 */
export function originOf(request: FastifyRequest): RequestOrigin {
  return bounded({ ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });
}

/** The origin with its user agent kept to USER_AGENT_MAX, as the audit log records it. */
export const bounded = (origin: RequestOrigin): RequestOrigin => ({
  ip: origin.ip,
  userAgent: origin.userAgent ? origin.userAgent.slice(0, USER_AGENT_MAX) : null,
});
