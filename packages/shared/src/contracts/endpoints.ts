/**
 * What every endpoint's method and path are made of. Each contract file (contracts/<feature>.ts)
 * declares its endpoints' table (`FOLLOW_UP_API`, …) with `at()` beside their contracts, so an
 * endpoint is written in one place; the tables stay zod-free so that the web, which calls through
 * them, takes no schema (the contract call is side-effect free, and the web build drops it: see
 * apps/web/vite.config.ts and decision 0350).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  path: string;
}

/** An endpoint: Fastify-style path under /api (`:name` for a path parameter). */
export const at = <const M extends HttpMethod, const P extends string>(method: M, path: P) => ({ method, path });
