import { API_STATUS, AUTH_API, DETAIL_API, ORDERS_API, TEAM_API } from '@eta/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callEndpoint, fieldErrors, request, requestBlob, send, setUnauthorizedHandler } from './api.ts';
import { pathOf } from './endpoint.ts';
import { WEB_TEXT } from './texts.ts';

/** The signed-in member's session as SPEC §3 stores it. */
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.e30.sig';

function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;
let unauthorized: string[];
beforeEach(() => {
  const items = new Map([['user', JSON.stringify({ accessToken: TOKEN })]]);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  unauthorized = [];
  setUnauthorizedHandler((message) => unauthorized.push(message));
});
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
});

/** The url and init of the one fetch made. */
const sent = () => fetchMock.mock.calls[0] as [string, RequestInit & { headers: Record<string, string> }];

describe('request (SPEC §7, §8)', () => {
  it('sends JSON under /api with the token in Authorization, without a prefix, and skips empty params', async () => {
    fetchMock.mockResolvedValue(json(200, { status: 1, message: 'ok', data: { n: 1 } }));
    const res = await request(ORDERS_API.search.path, {
      method: 'POST',
      body: { a: 1 },
      params: { page: 2, q: undefined },
    });
    expect(res).toEqual({ status: 1, message: 'ok', data: { n: 1 } });
    const [url, init] = sent();
    expect(url).toBe(`/api${ORDERS_API.search.path}?page=2`);
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: TOKEN,
    });
  });

  it('leaves the multipart Content-Type to the browser and sends no token when auth is off', async () => {
    fetchMock.mockResolvedValue(json(201, { status: 1, message: 'saved' }));
    const form = new FormData();
    form.set('orderId', 'UKETA-123456');
    await request(DETAIL_API.upload.path, { method: 'POST', body: form, auth: false });
    const [, init] = sent();
    expect(init.body).toBe(form);
    expect(init.headers).toEqual({ Accept: 'application/json' });
  });

  it('ends the session on HTTP 401, with the server message', async () => {
    fetchMock.mockResolvedValue(json(401, { status: 0, message: 'Session expired. Please sign in again.' }));
    const res = await request(ORDERS_API.folderCounts.path);
    expect(res.message).toBe('Session expired. Please sign in again.');
    expect(unauthorized).toEqual(['Session expired. Please sign in again.']);
  });

  it('ends the session on status 401 in the body of a 200', async () => {
    fetchMock.mockResolvedValue(json(200, { status: API_STATUS.unauthorized, message: 'Unauthorized' }));
    await request(ORDERS_API.folderCounts.path);
    expect(unauthorized).toEqual(['Unauthorized']);
  });

  it('does not end the session for a refused sign-in (auth off) or another failure', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { status: 0, message: 'Invalid email or password.' }));
    expect((await request(AUTH_API.login.path, { method: 'POST', body: {}, auth: false })).message).toBe(
      'Invalid email or password.',
    );
    fetchMock.mockResolvedValueOnce(json(403, { status: 0, message: 'Not allowed.' }));
    expect(await request(TEAM_API.list.path)).toEqual({ status: 0, message: 'Not allowed.' });
    expect(unauthorized).toEqual([]);
  });

  it('never throws: a network failure and a reply that is not an envelope become failures', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    // issue 32: the network failure is the outcome's typed kind, not a message compared
    const lost = await send(ORDERS_API.folderCounts.path);
    expect(lost.envelope).toEqual({ status: API_STATUS.fail, message: WEB_TEXT.networkError });
    expect(lost.network).toBe(true);
    fetchMock.mockResolvedValueOnce(
      new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const bad = await send(ORDERS_API.folderCounts.path);
    expect(bad.envelope).toEqual({ status: API_STATUS.fail, message: 'Bad Gateway' });
    expect(bad.network).toBe(false);
    expect(unauthorized).toEqual([]);
  });
});

describe('callEndpoint (DESIGN §13)', () => {
  it('sends what the contract takes: path parameters encoded, query, body, and the method', async () => {
    fetchMock.mockResolvedValue(json(200, { status: 1, message: 'ok', data: [], total: 0 }));
    const reply = await callEndpoint(ORDERS_API.list, {
      params: { orderName: 'new orders' },
      query: { page: 2, limit: 'all', userName: undefined },
    });
    expect(reply).toEqual({ status: 1, message: 'ok', data: [], total: 0 });
    const [url, init] = sent();
    expect(url).toBe(`/api${ORDERS_API.list.path.replace(':orderName', 'new%20orders')}?page=2&limit=all`);
    expect(init.method).toBe('GET');
  });

  it('sends no token when auth is off (sign-in)', async () => {
    fetchMock.mockResolvedValue(json(200, { status: 1, message: 'ok', data: { jwtToken: 't' } }));
    await callEndpoint(AUTH_API.login, { body: { email: 'a@b.test', password: 'x' } }, { auth: false });
    const [url, init] = sent();
    expect(url).toBe(`/api${AUTH_API.login.path}`);
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"a@b.test","password":"x"}');
    expect(init.headers.Authorization).toBeUndefined();
  });
});

/** A staff-only document link, as the order detail gives it. */
const DOCUMENT = pathOf(DETAIL_API.document, { orderId: 'UKETA-123456', documentId: 7 });

describe('requestBlob', () => {
  it('gives the bytes of a file, with the token header', async () => {
    fetchMock.mockResolvedValue(new Response(new Uint8Array([37, 80, 68, 70]), { status: 200 }));
    const blob = await requestBlob(DOCUMENT);
    expect(blob).toBeInstanceOf(Blob);
    expect(new Uint8Array(await (blob as Blob).arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]));
    expect(sent()[1].headers).toEqual({ Authorization: TOKEN });
  });

  it('gives the envelope of a refusal, and ends the session on 401', async () => {
    fetchMock.mockResolvedValue(json(401, { status: 0, message: 'Session expired.' }));
    expect(await requestBlob(DOCUMENT)).toEqual({ status: 0, message: 'Session expired.' });
    expect(unauthorized).toEqual(['Session expired.']);
  });
});

describe('fieldErrors (DESIGN §5)', () => {
  it('keeps the field messages and drops anything else', () => {
    expect(
      fieldErrors({ status: 0, message: 'x', data: { errors: { email: 'Please enter your email', n: 3, o: {} } } }),
    ).toEqual({ email: 'Please enter your email' });
    expect(fieldErrors({ status: 0, message: 'x' })).toEqual({});
    expect(fieldErrors({ status: 0, message: 'x', data: { errors: null } })).toEqual({});
  });
});
