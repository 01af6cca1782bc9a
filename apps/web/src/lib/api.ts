import { ACCOUNT_MSG, API_STATUS, type ApiEnvelope, asksForReauth, type Endpoint } from '@eta/shared';
import { type ApiError, apiErrorOf, type CallOutcome, isRefusal } from './apiError.ts';
import { type InputArgs, type InputOf, type ReplyOf, requestOf } from './endpoint.ts';
import { readToken } from './session.ts';
import { WEB_TEXT } from './texts.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  params?: Record<string, string | number | undefined>;
  /** false for the sign-in call: a refused sign-in is not a lost session. */
  auth?: boolean;
  /** the token is sent but a 401 is only answered, not treated as a lost session (logout: it is ending anyway) */
  quiet401?: boolean;
}

type UnauthorizedHandler = (message: string) => void;
let onUnauthorized: UnauthorizedHandler = () => {};
let onTwoFactorRequired: () => void = () => {};

/** DESIGN §17: a 403 saying the account must enrol sends the member to the Account page (wired like the 401's). */
export function setTwoFactorRequiredHandler(handler: () => void): void {
  onTwoFactorRequired = handler;
}

/** Wired once by the admin entry, so this module needs neither the store nor the router. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** Asks the member to confirm it is them; resolves true once confirmed, false when they cancel. */
type ReauthHandler = () => Promise<boolean>;
let askToConfirm: ReauthHandler = async () => false;
let asking: Promise<boolean> | null = null;

/**
 * DESIGN §22 "Confirm it is you": wired once by the signed-in frame (its modal). Every call that a
 * route refuses with `data.reauthRequired` waits for it and, once confirmed, is made again; calls
 * refused while the modal is up wait for the same answer, so one modal serves them all.
 */
export function setReauthHandler(handler: ReauthHandler): void {
  askToConfirm = handler;
}

/** The member confirmed (true) or cancelled (false); a refusal that asks for nothing else resolves false. */
function confirmedAfter(httpStatus: number, envelope: ApiEnvelope): Promise<boolean> {
  if (httpStatus !== 403 || !asksForReauth(envelope)) return Promise.resolve(false);
  asking ??= askToConfirm().finally(() => {
    asking = null;
  });
  return asking;
}

/** A 401 met outside `request` (the live stream): handled as any call's is. */
export function reportUnauthorized(message: string): void {
  onUnauthorized(message);
}

function buildUrl(path: string, params?: RequestOptions['params']): string {
  const url = `/api/${path.replace(/^\/+/, '')}`;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined) query.set(key, String(value));
  }
  const qs = query.toString();
  return qs ? `${url}?${qs}` : url;
}

function isEnvelope(value: unknown): value is ApiEnvelope {
  return typeof value === 'object' && value !== null && 'status' in value && 'message' in value;
}

/**
 * The one HTTP client (SPEC §7): JSON, token in `Authorization` without a prefix, and it never
 * throws: a failed call resolves to the server's envelope (or a synthetic one when the network fails).
 */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<ApiEnvelope<T>> {
  return (await send<T>(path, options)).envelope;
}

/** `request` with the whole outcome: the RTK Query base query reads the HTTP status and the network kind from it. */
export async function send<T = unknown>(path: string, options: RequestOptions = {}): Promise<CallOutcome<T>> {
  const first = await exchange<T>(path, options);
  // asked to confirm it is them: once confirmed, the same call again (once: never a loop)
  if (options.auth !== false && (await confirmedAfter(first.httpStatus, first.envelope))) {
    return exchange<T>(path, options);
  }
  return first;
}

/** One round trip of `request`, with the 401 and enrolment answers handled. */
async function exchange<T>(path: string, options: RequestOptions): Promise<CallOutcome<T>> {
  const { method = 'GET', body, params, auth = true, quiet401 = false } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // Multipart (SPEC §7 "multipart upload by POST"): the browser writes the boundary header itself.
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  const token = auth ? readToken() : null;
  if (token) headers.Authorization = token;

  let envelope: ApiEnvelope<T>;
  let httpStatus = 0;
  try {
    const res = await fetch(buildUrl(path, params), {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    });
    httpStatus = res.status;
    const parsed: unknown = await res.json().catch(() => null);
    envelope = isEnvelope(parsed)
      ? (parsed as ApiEnvelope<T>)
      : { status: API_STATUS.fail, message: res.statusText || WEB_TEXT.networkError };
  } catch {
    return { envelope: { status: API_STATUS.fail, message: WEB_TEXT.networkError }, httpStatus: 0, network: true };
  }

  // SPEC §8: a 401 anywhere ends the session (HTTP 401 or status 401 in the body).
  if (auth && !quiet401 && (httpStatus === 401 || envelope.status === API_STATUS.unauthorized)) {
    onUnauthorized(envelope.message);
  }
  if (auth && httpStatus === 403 && envelope.message === ACCOUNT_MSG.twoFactorRequired) onTwoFactorRequired();
  return { envelope, httpStatus, network: false };
}

/** Calls `endpoint` with what its contract takes; resolves to the envelope its contract gives (never throws). */
export function callEndpoint<E extends Endpoint>(
  endpoint: E,
  input: InputOf<E>,
  options: Pick<RequestOptions, 'auth' | 'quiet401'> = {},
): Promise<ReplyOf<E>> {
  const { url, ...call } = requestOf(endpoint, ...([input] as InputArgs<E>));
  return request(url, { ...call, ...options }) as Promise<ReplyOf<E>>;
}

/**
 * `callEndpoint` with RTK Query's convention, for calls made outside it (sign-in, password reset):
 * resolves to the success envelope; a refusal (or no reply) rejects with its `ApiError`.
 */
export async function fetchEndpoint<E extends Endpoint>(
  endpoint: E,
  input: InputOf<E>,
  options: Pick<RequestOptions, 'auth' | 'quiet401'> = {},
): Promise<ReplyOf<E>> {
  const { url, ...call } = requestOf(endpoint, ...([input] as InputArgs<E>));
  const outcome = await send(url, { ...call, ...options });
  if (isRefusal(outcome)) throw apiErrorOf(outcome);
  return outcome.envelope as ReplyOf<E>;
}

/** Field messages of a 400 reply or of its `ApiError` (DESIGN §5: data.errors = field → message). */
export function fieldErrors(envelope: ApiEnvelope | ApiError): Record<string, string> {
  const data = envelope.data as { errors?: unknown } | undefined;
  const errors = data?.errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/**
 * A staff-only file (SPEC §7 "file download by GET"): images and documents need the token header, so
 * they cannot be plain links. Resolves to the bytes, or to the server's envelope when refused.
 */
export async function requestBlob(
  path: string,
  options: Pick<RequestOptions, 'method' | 'body' | 'params'> = {},
): Promise<Blob | ApiEnvelope> {
  const first = await fetchBlob(path, options);
  if (first instanceof Blob || !(await confirmedAfter(first.httpStatus, first.envelope))) {
    return first instanceof Blob ? first : first.envelope;
  }
  const again = await fetchBlob(path, options);
  return again instanceof Blob ? again : again.envelope;
}

/** One round trip of `requestBlob`: the bytes, or the refusal with its HTTP status. */
async function fetchBlob(
  path: string,
  options: Pick<RequestOptions, 'method' | 'body' | 'params'>,
): Promise<Blob | { envelope: ApiEnvelope; httpStatus: number }> {
  const token = readToken();
  const headers: Record<string, string> = token ? { Authorization: token } : {};
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const res = await fetch(buildUrl(path, options.params), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    if (res.ok) return await res.blob();
    const parsed: unknown = await res.json().catch(() => null);
    const envelope = isEnvelope(parsed) ? parsed : { status: API_STATUS.fail, message: res.statusText };
    if (res.status === 401 || envelope.status === API_STATUS.unauthorized) onUnauthorized(envelope.message);
    return { envelope, httpStatus: res.status };
  } catch {
    return { envelope: { status: API_STATUS.fail, message: WEB_TEXT.networkError }, httpStatus: 0 };
  }
}
