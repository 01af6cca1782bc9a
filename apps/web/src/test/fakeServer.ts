import {
  API_STATUS,
  type ApiEnvelope,
  AUTH_API,
  type Endpoint,
  FEATURES_API,
  FEATURES_MSG,
  type Features,
  type FolderCounts,
  LIVE_API,
  type LiveEventMap,
  type LiveEventName,
  NOTIFICATIONS_API,
  ORDERS_API,
  sseFrame,
  type TokenUser,
  VIEWS_API,
} from '@eta/shared';
import { pathOf } from '../lib/endpoint.ts';

/** An endpoint with its path parameters filled in, as one request of it is routed (`on`, `calls`). */
export const filled = (endpoint: Endpoint, params: Record<string, string>): Endpoint => ({
  method: endpoint.method,
  path: pathOf(endpoint, params),
});

/** One request as the fake server saw it. */
export interface SeenRequest {
  method: string;
  /** the path under /api, without its leading slash (the endpoint table's path, filled) */
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

/** An envelope, or one with the HTTP status the server would send it with (200 when left out). */
export type Reply = ApiEnvelope | { http: number; envelope: ApiEnvelope };
type Handler = (request: SeenRequest) => Reply;

/** Requests are kept by their path under /api, without the leading slash of the endpoint table. */
const routeOf = (endpoint: Endpoint) => ({ method: endpoint.method, path: endpoint.path.replace(/^\//, '') });

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
  private readonly liveStreams = new Set<ReadableStreamDefaultController<Uint8Array>>();

  /** Sends an event down every open live stream (DESIGN §18), as another member's change would. */
  pushLive<K extends LiveEventName>(event: K, data: LiveEventMap[K]): void {
    const bytes = new TextEncoder().encode(sseFrame(event, data));
    for (const stream of this.liveStreams) stream.enqueue(bytes);
  }

  /** Ends every open live stream, as a lost connection would. */
  dropLive(): void {
    for (const stream of this.liveStreams) stream.close();
    this.liveStreams.clear();
  }

  /** Live streams open now. */
  get liveOpen(): number {
    return this.liveStreams.size;
  }

  /**
   * The live stream, unless a test answers it itself: open, `ready` first, then whatever the test
   * pushes; aborted by the client like a real one.
   */
  private openLive(signal: AbortSignal | null | undefined): Response {
    const streams = this.liveStreams;
    let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
        streams.add(c);
        c.enqueue(new TextEncoder().encode(sseFrame('ready', { at: new Date().toISOString() })));
      },
      cancel() {
        if (controller) streams.delete(controller);
      },
    });
    signal?.addEventListener('abort', () => {
      if (!controller || !streams.delete(controller)) return;
      controller.error(new DOMException('aborted', 'AbortError'));
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  }

  /**
   * Answers calls to `endpoint` (from @eta/shared's endpoint table; `filled` for one with path
   * parameters). Later answers for the same endpoint win, so a test can change what the server says.
   */
  on(endpoint: Endpoint, handler: Handler | Reply): this {
    const { method, path } = routeOf(endpoint);
    this.routes.unshift({ method, path, handler: typeof handler === 'function' ? handler : () => handler });
    return this;
  }

  /** The requests made to `endpoint`, in order. */
  calls(endpoint: Endpoint): SeenRequest[] {
    const { method, path } = routeOf(endpoint);
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
    if (!route && request.method === LIVE_API.stream.method && `/${request.path}` === LIVE_API.stream.path)
      return this.openLive(init.signal);
    // an open detail's heartbeat (DESIGN §18): nobody else here unless a test says otherwise
    if (!route && request.method === 'POST' && /^admin\/orders\/[^/]+\/presence$/.test(request.path))
      return json(200, { status: API_STATUS.ok, message: 'Presence', data: { viewers: [] } });
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

/** What GET /admin/features answers: both parts set up unless the test turns one off. */
export const featuresReply = (features: Partial<Features> = {}) => ({
  status: API_STATUS.ok,
  message: FEATURES_MSG.listed,
  data: { mailbox: true, stripe: true, ...features },
});

/**
 * A server that knows one staff member: it signs them in, tells who they are, what the installation
 * has set up (everything, unless a test answers FEATURES_API itself with `featuresReply`) and counts their folders; each
 * test adds the calls of its screen.
 */
export function staffServer(user: TokenUser, counts: FolderCounts = {}): FakeServer {
  return (
    new FakeServer()
      .on(FEATURES_API.features, featuresReply())
      .on(AUTH_API.login, {
        status: API_STATUS.ok,
        message: 'Login successful',
        data: { jwtToken: tokenFor(user) },
      })
      .on(AUTH_API.userInfo, {
        status: API_STATUS.ok,
        message: 'User info',
        data: { name: user.name, type: user.type },
      })
      .on(ORDERS_API.folderCounts, { status: API_STATUS.ok, message: 'Folder count', data: counts })
      // the sidebar lists the member's saved views (DESIGN §23): none unless a test serves some
      .on(VIEWS_API.list, { status: API_STATUS.ok, message: 'Views listed.', data: [] })
      // the top bar's bell reads the member's notifications (DESIGN §23): none unless a test serves some
      .on(NOTIFICATIONS_API.list, () => ({
        status: API_STATUS.ok,
        message: 'Notifications',
        data: [],
        total: 0,
        unread: 0,
      }))
  );
}
