import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** Where the request being served came from: the audit log records it beside each entry (DESIGN §16). */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

const store = new AsyncLocalStorage<RequestOrigin>();
const NONE: RequestOrigin = { ip: null, userAgent: null };
/** user agents are kept to this length: enough for any real browser, bounded for a hostile one */
const USER_AGENT_MAX = 1000;

/**
 * Every request runs inside its origin, so a service several calls deep records it without each
 * signature carrying it. Outside a request (the retention job, a CLI) there is none.
 */
export function trackRequestOrigin(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const agent = request.headers['user-agent'];
    store.run({ ip: request.ip ?? null, userAgent: agent ? agent.slice(0, USER_AGENT_MAX) : null }, done);
  });
}

export const currentOrigin = (): RequestOrigin => store.getStore() ?? NONE;
