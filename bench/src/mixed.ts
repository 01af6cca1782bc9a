/// <reference path="./autocannon.d.ts" />
import { can, FIND_QUERY_MIN, STATUS } from '@eta/shared';
import autocannon from 'autocannon';
import { type Percentiles, percentiles } from './http.ts';
import { createRng, type Rng, weighted } from './rng.ts';
import { foldersFor, type Session, type SignedIn, savedViews, searchTerms } from './session.ts';

export interface Throughput {
  requestsPerSecond: number;
  total: number;
  /** connection errors, timeouts and non-2xx answers together */
  errors: number;
  non2xx: number;
  latencyP50: number;
  latencyP99: number;
  seconds: number;
  /** requests per action, for the record */
  mix?: Record<string, number>;
  /** each kind of call's latency under the load, from autocannon's own timing (one request in flight a connection) */
  latencies?: Partial<Record<Action, Percentiles>>;
  /** the first answers that were not 2xx, for the report */
  failures?: string[];
  /** CPU milliseconds per request: the server process, and PostgreSQL's backends (cpu.ts) */
  cpuMsPerRequest?: { server: number; database: number };
  /** share of the machine's time the hypervisor gave to other machines during the run (cpu.ts) */
  stolenShare?: number | null;
}

interface LoadOptions {
  /** every call of this one kind (the per-call costs); unset: the mix */
  only?: Action;
  port: number;
  connections: number;
  seconds: number;
}

export type Action =
  | 'counts'
  | 'list'
  | 'view'
  | 'detail'
  | 'search'
  | 'find'
  | 'assign'
  | 'move'
  | 'remark'
  | 'report'
  | 'userInfo';

/**
 * How a shift of staff uses the back office: the sidebar counts refresh on every screen change,
 * queues, saved views and orders are opened, customers found from the top bar or searched in a
 * folder; a fifth of the calls change something. Since part three (issue 33) a quarter of the list
 * pages are saved views (a filtered page, or a view's count) and half the searches are `find`.
 */
export const MIX: readonly { value: Action; weight: number }[] = [
  { value: 'counts', weight: 25 },
  { value: 'list', weight: 16 },
  { value: 'view', weight: 6 },
  { value: 'detail', weight: 22 },
  { value: 'search', weight: 4 },
  { value: 'find', weight: 4 },
  { value: 'assign', weight: 10 },
  { value: 'move', weight: 5 },
  { value: 'remark', weight: 5 },
  { value: 'report', weight: 1 },
  { value: 'userInfo', weight: 2 },
];
/** BENCH_MIX=detail=1,search=1 replaces the weights: a way to find which call holds the mix back. */
function actionPicker(only?: Action): (rng: Rng) => Action {
  if (only) return () => only;
  const spec = process.env.BENCH_MIX;
  if (!spec) return weighted([...MIX]);
  return weighted(
    spec.split(',').map((pair) => {
      const [value, weight] = pair.split('=');
      return { value: value as Action, weight: Number(weight ?? 1) };
    }),
  );
}

interface Request {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface SlotState {
  free: string[];
  held: string | null;
  turn: number;
  movable: { orderId: string; status: string }[];
}
const slotStates = new WeakMap<Session, Map<number, SlotState>>();

/**
 * What a connection's member holds and where their orders stand, kept across the runs of a session
 * (the mix, then each call alone): a run that starts from the first run's picture would move an
 * order to the status it already has.
 */
function slotState(session: Session, slot: number, fresh: () => SlotState): SlotState {
  let states = slotStates.get(session);
  if (!states) {
    states = new Map();
    slotStates.set(session, states);
  }
  let state = states.get(slot);
  if (!state) {
    state = fresh();
    states.set(slot, state);
  }
  return state;
}

/** One connection is one member at work, with orders of their own to change (no two collide). */
function connectionPlan(session: Session, slot: number, connections: number, only?: Action) {
  const member: SignedIn = session.staff[slot % session.staff.length] as SignedIn;
  const mine = <T>(items: readonly T[]) => items.filter((_, i) => i % connections === slot);
  const folders = foldersFor(member.type).map((f) => f.name);
  const folderPick = weighted(
    folders.map((name) => ({
      value: name,
      weight: name === 'newOrder' || name === 'myOrder' ? 6 : name === 'allorder' ? 3 : 1,
    })),
  );
  const terms = searchTerms(session);
  const allTerms = [...terms.orderId, ...terms.email, ...terms.surname];
  const views = savedViews().filter(([folder]) => folders.includes(folder));
  // what the top bar is given: whole order ids and emails, surnames of FIND_QUERY_MIN letters or more
  const findTerms = [...terms.orderId, ...session.sample.map((s) => s.email), ...terms.surname].filter(
    (t) => t.length >= FIND_QUERY_MIN,
  );
  const canReport = can(member.type, 'reports.processedBy');
  const state = slotState(session, slot, () => ({
    free: mine(session.freeNew),
    held: null as string | null,
    turn: 0,
    movable: mine(session.movable).map((o) => ({ ...o })),
  }));
  const rng: Rng = createRng(1_000 + slot);
  const ACTIONS = actionPicker(only);
  // what build() picked last: set by it, read by next()
  let lastAction: Action = 'counts';
  const json = (method: string, path: string, body?: unknown): Request => ({
    method,
    path,
    headers: { authorization: member.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

  /** the next call of this member, and which kind of call it is (its latency is kept by kind) */
  return function next(counter: Record<string, number>): { action: Action; request: Request } {
    const request = build(counter);
    return { action: lastAction, request };
  };

  function build(counter: Record<string, number>): Request {
    let action = ACTIONS(rng);
    if ((action === 'move' || action === 'remark') && state.movable.length === 0) action = 'detail';
    if (action === 'assign' && state.free.length === 0 && state.held === null) action = 'list';
    if (action === 'report' && !canReport) action = 'counts';
    if (action === 'view' && views.length === 0) action = 'list';
    counter[action] = (counter[action] ?? 0) + 1;
    lastAction = action;
    switch (action) {
      case 'counts':
        return json('GET', '/api/admin/get-folder-count');
      case 'userInfo':
        return json('GET', '/api/user_info');
      case 'list': {
        const page = rng.chance(0.8) ? 1 : rng.int(2, 5);
        return json('GET', `/api/admin/get-orders-list/${folderPick(rng)}?page=${page}&limit=10`);
      }
      case 'view': {
        // a saved view opened: its page, or its count beside it in the sidebar
        const [folder, filter] = rng.pick(views);
        return rng.chance(0.5)
          ? json('GET', `/api/admin/get-orders-list/${folder}?page=1&limit=10&${filter}`)
          : json('GET', `/api/admin/get-folder-count?folder=${folder}&${filter}`);
      }
      case 'find':
        return json('GET', `/api/admin/find?q=${encodeURIComponent(rng.pick(findTerms))}&limit=10`);
      case 'detail': {
        const orderId = rng.pick(session.sample).order_id;
        return json('GET', `/api/admin/get-orders-details/${encodeURIComponent(orderId)}`);
      }
      case 'search':
        return json('POST', '/api/admin/search-order', {
          start: 0,
          end: 10,
          searchVal: rng.pick(allTerms),
          folderName: folders.includes('allorder') ? 'allorder' : 'newOrder',
        });
      case 'assign': {
        if (state.held !== null) {
          const orderId = state.held;
          state.held = null;
          return json('PUT', '/api/admin/unassign-order', { orderId: [orderId] });
        }
        const orderId = state.free[state.turn++ % state.free.length] as string;
        state.held = orderId;
        return json('PUT', '/api/admin/assign-order-status', { orderId: [orderId] });
      }
      case 'move': {
        const order = state.movable[state.turn++ % state.movable.length] as { orderId: string; status: string };
        order.status = order.status === STATUS.Awaiting ? STATUS.ContactCustomer : STATUS.Awaiting;
        return json('PUT', '/api/admin/move-order-status', { orderId: order.orderId, updatingStatus: order.status });
      }
      case 'remark':
        return json('POST', '/api/admin/add-new-remark', {
          orderId: rng.pick(state.movable).orderId,
          remark: 'Called the customer about their application.',
          telephone: 'Y',
        });
      case 'report':
        return json(
          'POST',
          rng.chance(0.5) ? '/api/admin/get-country-order-count' : '/api/admin/get-processed-by-count',
          {
            fromDate: new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString().slice(0, 10),
            toDate: new Date().toISOString().slice(0, 10),
          },
        );
    }
  }
}

function summarise(result: autocannon.Result, mix?: Record<string, number>): Throughput {
  const total = result.requests.total;
  return {
    requestsPerSecond: total / result.duration,
    total,
    errors: result.errors + result.timeouts + result.non2xx,
    non2xx: result.non2xx,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    seconds: result.duration,
    ...(mix ? { mix } : {}),
  };
}

/** The mixed staff workload: `connections` members at once for a fixed time, from this process. */
export async function runMixed(session: Session, options: LoadOptions): Promise<Throughput> {
  let slots = 0;
  const mix: Record<string, number> = {};
  const statuses: Record<string, number> = {};
  const failed: string[] = [];
  const times = new Map<Action, number[]>();
  const result = await autocannon({
    url: `http://127.0.0.1:${options.port}`,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    setupClient(client) {
      const next = connectionPlan(session, slots++, options.connections, options.only);
      let last = '';
      let kind: Action = 'counts';
      client.setRequests([
        {
          setupRequest: () => {
            const { action, request } = next(mix);
            kind = action;
            last = `${request.method} ${request.path} ${request.body ?? ''}`;
            return request;
          },
          onResponse: (status: number, body: string) => {
            if (status >= 300 && failed.length < 10) failed.push(`${status} ${last} → ${body.slice(0, 200)}`);
          },
        },
      ]);
      // one request in flight a connection: the answer is to the call built last
      client.on('response', (_status, _bytes, responseTime) => {
        const list = times.get(kind) ?? [];
        if (list.length === 0) times.set(kind, list);
        list.push(responseTime);
      });
    },
  });
  const latencies: Partial<Record<Action, Percentiles>> = {};
  for (const [action, list] of times) latencies[action] = percentiles(list);
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = Number(count);
  if (process.env.BENCH_DEBUG) console.log('mixed status codes', statuses, failed);
  return { ...summarise(result, mix), latencies, ...(failed.length > 0 ? { failures: failed } : {}) };
}

/** The ceiling: the bare Fastify route under the same load. */
export async function runBare(options: LoadOptions): Promise<Throughput> {
  const result = await autocannon({
    url: `http://127.0.0.1:${options.port}/bare`,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
  });
  return summarise(result);
}
