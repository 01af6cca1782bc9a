import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The admin app's strict policy (DESIGN §10); the public pages send their own (modules/public/csp.ts). */
const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
};

/**
 * The headers helmet sets for OPTIONS, worked out once. helmet's headers do not depend on the
 * request, but @fastify/helmet builds helmet's middleware again on every request (parsing the CSP
 * each time): a tenth of the server's CPU on a small API call (issue 8).
 */
export function helmetHeaders(options: HelmetOptions = OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return headers;
}

/** API replies carry personal data: no browser or proxy keeps a copy (issue 20); routes may only tighten it. */
const API_PREFIX = '/api/';
const API_CACHE = { 'cache-control': 'no-store' };

/** Every answer (API, pages, assets, errors, 404) carries the security headers; every /api answer no-store too. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.url.startsWith(API_PREFIX)) reply.headers(API_CACHE);
    done();
  });
}
