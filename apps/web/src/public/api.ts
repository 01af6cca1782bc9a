import type { ApiEnvelope, DownloadHistoryReply, SiteBranding } from '@eta/shared';
import { PUBLIC_API } from '@eta/shared';
import { TEXT } from './texts.ts';

/**
 * The public calls of SPEC §7. As SPEC says, a failed call gives the caller the server's body
 * instead of throwing; a network failure becomes a status-0 envelope of our own.
 */
async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string | null): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = token;
  try {
    const res = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
    const json = (await res.json().catch(() => null)) as { status?: unknown } | null;
    if (json && typeof json.status === 'number') return json as T;
  } catch {
    // fall through to the network-error envelope
  }
  return { status: 0, message: TEXT.networkError } as T;
}

export interface TrackData {
  accessToken: string;
  orderRef: string;
  expiresIn: number;
}

export const trackOrder = (orderId: string, email: string) =>
  request<ApiEnvelope<TrackData>>('POST', PUBLIC_API.trackOrder, { orderId, email });

export const getDownloadHistory = (orderId: string, token: string) =>
  request<DownloadHistoryReply>('POST', PUBLIC_API.downloadHistory, { orderId }, token);

export const recordDownload = (
  body: { orderId: string; customername: string; file1: string; timezone: string | null },
  token: string,
) => request<ApiEnvelope<{ downloadUrl: string }>>('POST', PUBLIC_API.download, body, token);

export const getBranding = (orderRef: string) =>
  request<ApiEnvelope<SiteBranding>>(
    'GET',
    `${PUBLIC_API.branding}${orderRef ? `?orderRef=${encodeURIComponent(orderRef)}` : ''}`,
  );
