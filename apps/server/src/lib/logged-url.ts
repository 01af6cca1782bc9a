import { PUBLIC_API, RESET_PASSWORD_PATH } from '@eta/shared';
import type { FastifyRequest } from 'fastify';

/**
 * What a request's URL looks like in the log (DESIGN §10: no personal data or secrets in logs). The
 * web sends `?userName=<staff name>` because SPEC §7 lists it, and a one-time download link carries
 * its token in the path (issue 20, findings 6 and 7): the log keeps the route, never those values.
 */
export const MASK = '***';

/** Query values that say nothing about a person (paging and sorting); every other value is masked. */
const PLAIN_QUERY_KEYS: ReadonlySet<string> = new Set(['page', 'limit', 'sort', 'order', 'delay', 'defencePackType']);

/** Paths whose last segment is a secret: the one-time download link's token, the password reset link's. */
const TOKEN_PATH_PREFIXES: readonly string[] = [`/api${PUBLIC_API.downloadFile}/`, `${RESET_PASSWORD_PATH}/`];

function maskedPath(path: string): string {
  for (const prefix of TOKEN_PATH_PREFIXES) if (path.startsWith(prefix)) return `${prefix}${MASK}`;
  return path;
}

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

/** The URL as logged: the path with any secret segment masked, query values other than paging masked. */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return maskedPath(url);
  return `${maskedPath(url.slice(0, at))}?${maskedQuery(url.slice(at + 1))}`;
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
