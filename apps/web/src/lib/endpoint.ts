import type { ContractForm, ContractInput, ContractOf, ContractReply, Endpoint, HttpMethod } from '@eta/shared';

/**
 * Calls go through the contracts (DESIGN §13): an endpoint (method and path, from its contract
 * file's table) and what its contract says it takes and gives. Only the tables and the contracts'
 * types come over (build/endpoint-tables.ts), so neither bundle carries their schemas.
 */
export type InputOf<E extends Endpoint> = ContractInput<ContractOf<E>>;
export type ReplyOf<E extends Endpoint> = ContractReply<ContractOf<E>>;
/** The JSON body an endpoint takes. */
export type BodyOf<E extends Endpoint> = InputOf<E> extends { body: infer B } ? B : never;
/** The multipart parts of an upload endpoint. */
export type FormOf<E extends Endpoint> = ContractForm<ContractOf<E>>;

/** An endpoint that takes nothing is called without an input. */
export type InputArgs<E extends Endpoint> = keyof InputOf<E> extends never ? [input?: InputOf<E>] : [input: InputOf<E>];

/** A request as the HTTP clients take it: the path under /api, its query, its body. */
export interface EndpointRequest {
  method: HttpMethod;
  url: string;
  params?: Record<string, string>;
  body?: unknown;
}

/** The path with each `:name` filled from `params`, URL-encoded (an order id is sent as it is, DESIGN §5). */
export function pathOf(endpoint: Endpoint, params: Record<string, unknown> = {}): string {
  return endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Builds the request for `endpoint` from the contract's input; query values left undefined are not sent. */
export function requestOf<E extends Endpoint>(endpoint: E, ...[input]: InputArgs<E>): EndpointRequest {
  const parts = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const request: EndpointRequest = { method: endpoint.method, url: pathOf(endpoint, parts.params) };
  if (parts.query) {
    const entries = Object.entries(parts.query).filter(([, value]) => value !== undefined && value !== null);
    request.params = Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
  }
  if (parts.body !== undefined) request.body = parts.body;
  return request;
}

/** The URL of a request, under /api, with its query. */
export function urlOf(request: Pick<EndpointRequest, 'url' | 'params'>): string {
  const url = `/api/${request.url.replace(/^\/+/, '')}`;
  const query = new URLSearchParams(request.params ?? {}).toString();
  return query ? `${url}?${query}` : url;
}
