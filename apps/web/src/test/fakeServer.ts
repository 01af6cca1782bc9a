import { File as NodeFile } from 'node:buffer';
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
import { type HttpHandler, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
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
  /** the JSON sent, parsed; the form of a multipart upload; undefined when nothing was sent */
  body: unknown;
  authorization: string | null;
}

/** An envelope, or one with the HTTP status the server would send it with (200 when left out). */
export type Reply = ApiEnvelope | { http: number; envelope: ApiEnvelope };
/** What a route answers; a promise lets a test hold a reply back until it says so. */
type Handler = (request: SeenRequest) => Reply | Promise<Reply>;

const isWrapped = (reply: Reply): reply is { http: number; envelope: ApiEnvelope } => 'http' in reply;
const json = (status: number, envelope: ApiEnvelope) => HttpResponse.json(envelope, { status });

/**
 * msw intercepts `fetch` for every test file that uses the fake server
 * (docs/decisions/0350-web-component-tests-answer-through-msw.md): relative `/api/...` calls
 * resolve against jsdom's location. Each test's server puts its own routes in (`serve`); they go at
 * the end of the test, so no test answers another's calls.
 */
const network = setupServer();
beforeAll(() => network.listen({ onUnhandledRequest: 'error' }));
afterEach(() => network.resetHandlers());
afterAll(() => network.close());

/** The request's body as the app sent it: parsed JSON, the form of an upload, or undefined. */
async function bodyOf(request: Request): Promise<unknown> {
  if ((request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) return formOf(request);
  const text = await request.text();
  return text === '' ? undefined : JSON.parse(text);
}

/**
 * Node's fetch builds a form's file parts with the global `File`, which jsdom replaces by one Node's
 * fetch then refuses as not a File: Node's own is put back while the form is read.
 */
async function formOf(request: Request): Promise<FormData> {
  const jsdomFile = globalThis.File;
  globalThis.File = NodeFile as unknown as typeof File;
  try {
    return await request.formData();
  } finally {
    globalThis.File = jsdomFile;
  }
}

/**
 * The server behind `fetch`, for component tests: answers `/api/...` calls with the envelopes the
 * real server sends (DESIGN §5), typed by the shared types, and records every request so a test can
 * check what was sent. A request nobody answers gets a 404 and is kept in `unanswered`.
 */
export class FakeServer {
  readonly requests: SeenRequest[] = [];
  readonly unanswered: SeenRequest[] = [];
  /** the test's routes, newest first (msw tries handlers in order: a later answer wins) */
  private readonly routes: HttpHandler[] = [];
  private serving = false;
  private readonly liveStreams = new Set<ReadableStreamDefaultController<Uint8Array>>();

  /** Sends an event down every open live stream (DESIGN §18), as another member's change would. */
  pushLive<K extends LiveEventName>(event: K, data: LiveEventMap[K]): void {
    this.writeLive(sseFrame(event, data));
  }

  /** Sends the heartbeat the real server writes between events: a comment, no event. */
  pingLive(): void {
    this.writeLive(': heartbeat\n\n');
  }

  private writeLive(text: string): void {
    const bytes = new TextEncoder().encode(text);
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
   * Answers calls to `endpoint` (from @eta/shared's endpoint table; `filled` for one with path
   * parameters). Later answers for the same endpoint win, so a test can change what the server says.
   */
  on(endpoint: Endpoint, handler: Handler | Reply): this {
    // an unfilled `:param` would answer every order's call: routes name one request, as `calls` does
    if (endpoint.path.includes(':')) throw new Error(`${endpoint.path}: fill its parameters with filled()`);
    const answer: Handler = typeof handler === 'function' ? handler : () => handler;
    const route = http[lower(endpoint.method)](`/api${endpoint.path}`, async ({ request }) => {
      const reply = await answer(await this.see(request));
      return isWrapped(reply) ? json(reply.http, reply.envelope) : json(200, reply);
    });
    this.routes.unshift(route);
    if (this.serving) network.use(route);
    return this;
  }

  /** The requests made to `endpoint`, in order. */
  calls(endpoint: Endpoint): SeenRequest[] {
    const path = endpoint.path.replace(/^\//, '');
    return this.requests.filter((r) => r.method === endpoint.method && r.path === path);
  }

  /**
   * Puts this server behind `fetch` for the rest of the test: its routes, then what the real server
   * would answer nobody else here (the live stream, an open detail's heartbeat), then the 404.
   */
  serve(): this {
    this.serving = true;
    network.resetHandlers(
      ...this.routes,
      http.get(`/api${LIVE_API.stream.path}`, async ({ request }) => {
        await this.see(request);
        return this.openLive(request.signal);
      }),
      // an open detail's heartbeat (DESIGN §18): nobody else here unless a test says otherwise
      http.post(`/api${LIVE_API.presence.path}`, async ({ request }) => {
        await this.see(request);
        return json(200, { status: API_STATUS.ok, message: 'Presence', data: { viewers: [] } });
      }),
      http.all('*', async ({ request }) => {
        this.unanswered.push(await this.see(request));
        return json(404, { status: API_STATUS.fail, message: 'Not found' });
      }),
    );
    return this;
  }

  /** Records `request` as sent (its body read from a copy, so a route may read it too). */
  private async see(request: Request): Promise<SeenRequest> {
    const url = new URL(request.url);
    const seen: SeenRequest = {
      method: request.method,
      path: url.pathname.replace(/^\/api\//, ''),
      query: url.searchParams,
      body: await bodyOf(request.clone()),
      authorization: request.headers.get('Authorization'),
    };
    this.requests.push(seen);
    return seen;
  }

  /** The live stream: open, `ready` first, then whatever the test pushes; aborted by the client like a real one. */
  private openLive(signal: AbortSignal): Response {
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
    signal.addEventListener('abort', () => {
      if (!controller || !streams.delete(controller)) return;
      controller.error(new DOMException('aborted', 'AbortError'));
    });
    return new HttpResponse(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  }
}

const lower = (method: Endpoint['method']) => method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';

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
