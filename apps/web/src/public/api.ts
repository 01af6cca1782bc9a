import { type Endpoint, FRONT_API } from '@eta/shared';
import { type BodyOf, type InputArgs, type ReplyOf, requestOf, urlOf } from '../lib/endpoint.ts';
import { TEXT } from './texts.ts';

/**
 * The public calls of SPEC §7, through their contracts. As SPEC says, a failed call gives the caller
 * the server's body instead of throwing; a network failure becomes a status-0 envelope of our own.
 */
async function call<E extends Endpoint>(
  endpoint: E,
  token: string | null,
  ...input: InputArgs<E>
): Promise<ReplyOf<E>> {
  const request = requestOf(endpoint, ...input);
  const headers: Record<string, string> = {};
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = token;
  try {
    const res = await fetch(urlOf(request), {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      credentials: 'same-origin',
    });
    const json = (await res.json().catch(() => null)) as { status?: unknown } | null;
    if (json && typeof json.status === 'number') return json as ReplyOf<E>;
  } catch {
    // fall through to the network-error envelope
  }
  return { status: 0, message: TEXT.networkError } as ReplyOf<E>;
}

export const trackOrder = (orderId: string, email: string) =>
  call(FRONT_API.trackOrder, null, { body: { orderId, email } });

export const getDownloadHistory = (orderId: string, token: string) =>
  call(FRONT_API.downloadHistory, token, { body: { orderId } });

export const recordDownload = (body: BodyOf<typeof FRONT_API.download>, token: string) =>
  call(FRONT_API.download, token, { body });

export const getBranding = (orderRef: string) =>
  call(FRONT_API.branding, null, { query: { orderRef: orderRef || undefined } });
