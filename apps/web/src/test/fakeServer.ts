import { API_STATUS, type ApiEnvelope, type FolderCounts, type TokenUser } from '@eta/shared';

/** One request as the fake server saw it. */
export interface SeenRequest {
  method: string;
  /** the path under /api, e.g. `admin/get-orders-list/newOrder` */
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

/** An envelope, or one with the HTTP status the server would send it with (200 when left out). */
export type Reply = ApiEnvelope | { http: number; envelope: ApiEnvelope };
type Handler = (request: SeenRequest) => Reply;

const isWrapped = (reply: Reply): reply is { http: number; envelope: ApiEnvelope } => 'http' in reply;

/**
 * The server at the `fetch` level, for component tests: answers `/api/...` calls with the envelopes
 * the real server sends (DESIGN §5), typed by the shared types, and records every request so a test
 * can check what was sent. A request nobody answers gets a 404 and is kept in `unanswered`.
 */
export class FakeServer {
  readonly requests: SeenRequest[] = [];
  readonly unanswered: SeenRequest[] = [];
  private readonly routes: { method: string; path: string; handler: Handler }[] = [];

  /** Later answers for the same method and path win, so a test can change what the server says. */
  on(method: string, path: string, handler: Handler | Reply): this {
    this.routes.unshift({ method, path, handler: typeof handler === 'function' ? handler : () => handler });
    return this;
  }

  /** The requests made to one method and path, in order. */
  calls(method: string, path: string): SeenRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://admin.test');
    const headers = new Headers(init.headers);
    const request: SeenRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname.replace(/^\/api\//, ''),
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      authorization: headers.get('Authorization'),
    };
    this.requests.push(request);
    const route = this.routes.find((r) => r.method === request.method && r.path === request.path);
    if (!route) {
      this.unanswered.push(request);
      return json(404, { status: API_STATUS.fail, message: 'Not found' });
    }
    const reply = route.handler(request);
    return isWrapped(reply) ? json(reply.http, reply.envelope) : json(200, reply);
  };
}

function json(status: number, envelope: ApiEnvelope): Response {
  return new Response(JSON.stringify(envelope), { status, headers: { 'Content-Type': 'application/json' } });
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token shaped as the server signs it (the client only decodes it; SPEC §3). */
export function tokenFor(user: TokenUser): string {
  const now = Math.floor(Date.now() / 1000);
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ user, iat: now, exp: now + 3600 })}.signature`;
}

/**
 * A server that knows one staff member: it signs them in, tells who they are and counts their
 * folders; each test adds the calls of its screen.
 */
export function staffServer(user: TokenUser, counts: FolderCounts = {}): FakeServer {
  return new FakeServer()
    .on('POST', 'admin/admin-login', {
      status: API_STATUS.ok,
      message: 'Login successful',
      data: { jwtToken: tokenFor(user) },
    })
    .on('GET', 'user_info', { status: API_STATUS.ok, message: 'User info', data: { name: user.name, type: user.type } })
    .on('GET', 'admin/get-folder-count', { status: API_STATUS.ok, message: 'Folder count', data: counts });
}
