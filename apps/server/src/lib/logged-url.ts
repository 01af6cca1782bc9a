import type { FastifyRequest } from 'fastify';

/**
 * What a request's URL looks like in the log (DESIGN §10: no personal data or secrets in logs). The
 * web sends `?userName=<staff name>` because SPEC §7 lists it (issue 20, finding 6): the log keeps the
 * route and the query's keys, never a value that could name someone.
 */
export const MASK = '***';

/** Query values that say nothing about a person (paging and sorting); every other value is masked. */
const PLAIN_QUERY_KEYS: ReadonlySet<string> = new Set(['page', 'limit', 'sort', 'order', 'delay', 'defencePackType']);

function maskedQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at < 0) return pair;
      const key = pair.slice(0, at);
      return PLAIN_QUERY_KEYS.has(key) ? pair : `${key}=${MASK}`;
    })
    .join('&');
}

/** The URL as logged: query values other than paging masked. */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  return `${url.slice(0, at)}?${maskedQuery(url.slice(at + 1))}`;
}

/** Fastify's request serializer (its default's fields), with the URL as logged. */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
