import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parseSseFrames } from '@eta/shared';
import { type Client, type Percentiles, percentiles } from './http.ts';
import type { Session, SignedIn } from './session.ts';

/** DESIGN §20: streams open while the change travels, and during every other figure of the run */
export const LIVE_STREAMS = 100;
/** DESIGN §20: p95 from a change to another member's open stream */
export const LIVE_BUDGET_MS = 500;
/** a change not heard by every other stream within this is counted as lost */
const WAIT_MS = 5_000;

export interface LiveFigure {
  streams: number;
  /** every (change, other member's stream) pair: ms from the request's start to the event's arrival */
  stats: Percentiles | null;
  changes: number;
  /** pairs that never arrived within WAIT_MS */
  lost: number;
  missing?: string;
}

interface OpenStream {
  member: SignedIn;
  /** called with each order event while a measurement listens */
  onOrder: ((orderId: string, kind: string, at: number) => void) | null;
  close(): void;
}

/**
 * LIVE_STREAMS live streams (`GET /api/admin/live`), five for each of the dataset's members, each
 * on its own connection as browsers hold them. Events are parsed only while a measurement listens;
 * otherwise the bytes are read and dropped, so a hundred streams cost the bench process little
 * while autocannon drives the mixed workload from the same thread.
 */
export async function openLiveStreams(port: number, staff: readonly SignedIn[]): Promise<OpenStream[]> {
  const streams: OpenStream[] = [];
  for (let i = 0; i < LIVE_STREAMS; i += 1) {
    const member = staff[i % staff.length] as SignedIn;
    streams.push(await openOne(port, member));
  }
  return streams;
}

function openOne(port: number, member: SignedIn): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const stream: OpenStream = { member, onOrder: null, close: () => request.destroy() };
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/admin/live', agent: false, headers: { authorization: member.token } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`live stream answered ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        let rest = '';
        let ready = false;
        res.on('data', (chunk: string) => {
          if (ready && !stream.onOrder) {
            rest = '';
            return;
          }
          const at = performance.now();
          const parsed = parseSseFrames(rest + chunk);
          rest = parsed.rest;
          for (const event of parsed.events) {
            if (event.event === 'ready' && !ready) {
              ready = true;
              resolve(stream);
            } else if (event.event === 'order') stream.onOrder?.(event.data.orderId, event.data.kind, at);
          }
        });
      },
    );
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}

/**
 * The Team member of the latencies assigns and unassigns free New orders, one change at a time;
 * each change is timed from its request's start to its arrival on every stream of another member.
 */
export async function measureLive(
  client: Client,
  session: Session,
  streams: readonly OpenStream[],
  samples: number,
): Promise<LiveFigure> {
  const actor = session.actor;
  const others = streams.filter((s) => s.member.name !== actor.name);
  // from the end of the free orders: the latencies assign the first ones
  const orders = session.freeNew.slice(-10);
  if (orders.length === 0)
    return { streams: streams.length, stats: null, changes: 0, lost: 0, missing: 'no free New orders' };
  const times: number[] = [];
  let lost = 0;
  const changes = Math.min(samples, 200);
  for (let i = 0; i < changes; i += 1) {
    const orderId = orders[Math.floor(i / 2) % orders.length] as string;
    const kind = i % 2 === 0 ? 'assign' : 'unassign';
    const heard = new Set<OpenStream>();
    let done: () => void = () => {};
    const all = new Promise<void>((resolve) => {
      done = resolve;
    });
    const started = performance.now();
    for (const stream of others) {
      stream.onOrder = (id, k, at) => {
        if (id !== orderId || k !== kind || heard.has(stream)) return;
        heard.add(stream);
        times.push(at - started);
        if (heard.size === others.length) done();
      };
    }
    const reply = await client.call(
      'PUT',
      kind === 'assign' ? '/api/admin/assign-order-status' : '/api/admin/unassign-order',
      actor.token,
      { orderId: [orderId] },
    );
    if (reply.status !== 200) throw new Error(`live: ${kind} answered ${reply.status}`);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, WAIT_MS)))]);
    clearTimeout(timer);
    lost += others.length - heard.size;
  }
  for (const stream of streams) stream.onOrder = null;
  return { streams: streams.length, stats: times.length > 0 ? percentiles(times) : null, changes, lost };
}
