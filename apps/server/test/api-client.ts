import type { Contract, ContractData, ContractInput, ContractReply } from '@eta/shared';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.ts';

/**
 * The typed test client (decision 0352): a test calls a route through its contract, as the web does
 * (apps/web/src/lib/endpoint.ts), so the input is checked against what the route takes and the reply is
 * read as what it gives. `call` (test-app.ts) stays for requests that are malformed on purpose.
 */

/** A part of the input that accepts an empty object (a query of optional filters) may be left out. */
type Loosened<I> = { [K in keyof I as Empty extends I[K] ? never : K]: I[K] } & {
  [K in keyof I as Empty extends I[K] ? K : never]?: I[K];
};
type Empty = Record<never, never>;
export type ApiInput<C extends Contract> = Loosened<ContractInput<C>>;
/** The query a contract takes. */
export type ApiQuery<C extends Contract> = ContractInput<C> extends { query: infer Q } ? Q : never;
/** The JSON body a contract takes. */
export type ApiBody<C extends Contract> = ContractInput<C> extends { body: infer B } ? B : never;

/**
 * A success reply: `data` as the contract has it (the app checks every reply a test gets against its
 * contract, test-app.ts `checkReplies`). A test reading a refusal says so: `res.json<ApiRefusal>()`.
 */
export type ApiReply<C extends Contract> = ContractReply<C> & { data: ContractData<C> } & (C['total'] extends true
    ? { total: number }
    : unknown);

/** Status 0 or 401, with the `data` the refusal carries: a 400's `errors` by field, else what the route says. */
export interface ApiRefusal<D = { errors: Record<string, string>; [key: string]: unknown }> {
  status: 0 | 401;
  message: string;
  data: D;
}

export interface ApiResponse<C extends Contract> extends Omit<LightMyRequestResponse, 'json'> {
  json<T = ApiReply<C>>(): T;
}

/** Who calls: a member (their token), a bare token, or nobody. */
export type Caller = { token: string } | string | null | undefined;

/** Calls `contract` with `input` (path parameters, query, JSON body) as `who`: the token in Authorization, no prefix. */
export function api<const C extends Contract>(
  t: TestApp,
  contract: C,
  input: ApiInput<C>,
  who?: Caller,
): Promise<ApiResponse<C>> {
  const parts = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const token = typeof who === 'string' ? who : who?.token;
  return t.app.inject({
    method: contract.method,
    url: urlOf(contract, parts.params, parts.query),
    headers: token ? { authorization: token } : {},
    ...(parts.body === undefined ? {} : { payload: parts.body as object }),
  }) as Promise<ApiResponse<C>>;
}

/**
 * The escape hatch for a test of bad input that still wants the contract's path: the body (or query) is
 * sent as given, unchecked. Prefer `call` with the URL written out when the path itself is the point.
 */
api.raw = <const C extends Contract>(
  t: TestApp,
  contract: C,
  input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown },
  who?: Caller,
): Promise<ApiResponse<C>> => api(t, contract, input as never, who);

/** The path under /api with each `:name` filled (URL-encoded) and the query's defined values after `?`. */
export function urlOf(
  contract: Pick<Contract, 'path'>,
  params: Record<string, unknown> = {},
  query: Record<string, unknown> = {},
): string {
  const path = contract.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${contract.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, String(one));
  }
  const text = search.toString();
  return text ? `/api${path}?${text}` : `/api${path}`;
}
