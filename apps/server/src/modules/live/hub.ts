import {
  type FolderCounts,
  LIVE,
  type LiveEventMap,
  type LiveEventName,
  mayFollowOrder,
  sseFrame,
  type TokenUser,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { folderCountsOfMany } from '../orders/index.ts';
import { readOrderStates } from './live.repository.ts';
import type { LiveTransport, LiveWire, WireChange } from './live-transport.ts';

/** One open stream: a member's browser tab. */
export interface LiveStream {
  member: TokenUser;
  sessionId: string;
  /** the token it opened with: checked again on each heartbeat, so an expired one ends the stream */
  token: string;
  send<K extends LiveEventName>(event: K, data: LiveEventMap[K]): void;
  /** frames already written out (sseFrame): one write for several events */
  write(frames: string): void;
  /** a comment line: keeps proxies and the socket's idle time-out from closing a quiet stream */
  ping(): void;
  /** ends the response; the hub forgets the stream */
  end(): void;
}

export interface LiveHubOptions {
  heartbeatMs?: number;
  countsEveryMs?: number;
  countsRefreshMs?: number;
  /** changes are gathered this long before they are passed on to the other instances */
  sendEveryMs?: number;
  /** and this long before they are read and written to this process's streams */
  tellEveryMs?: number;
}

export interface LiveHub {
  /**
   * One more stream for this member and session stays within LIVE's bounds (DESIGN §22). Counted in
   * this process: with several instances the member's bound holds per instance.
   */
  mayOpen(memberId: number, sessionId: string): boolean;
  open(stream: LiveStream): void;
  close(stream: LiveStream): void;
  /** what presence.service publishes: every instance's streams hear it */
  send(message: LiveWire): void;
  /** streams open in this process (metrics, tests) */
  size(): number;
  /** ends every stream (the app is stopping) */
  shutdown(): void;
}

type Log = { warn(obj: object, msg: string): void };

/**
 * Under a busy queue many writes land within milliseconds. Gathered for SEND_EVERY_MS they cost one
 * NOTIFY; gathered again for TELL_EVERY_MS, one read of the orders and one socket write per stream.
 * The second window sets the cost: with a hundred streams open and the bench's 400 writes a second,
 * 20 ms meant 5,000 stream writes a second and cut the mixed workload from 1,868 to 811 requests a
 * second on SQLite; at 100 ms it is a fifth of that. Both are added to an event's way (DESIGN §20
 * allows 500 ms at p95).
 */
const SEND_EVERY_MS = 20;
const TELL_EVERY_MS = 100;

/**
 * The live streams of this process (DESIGN §18). Writes publish `order.changed` on the in-process bus
 * once committed; the hub passes them, batched per turn, to every instance through the transport;
 * each instance with streams open reads the orders' state once and tells each member what they may
 * see, and sends members their folder counts again, at most every 500 ms, when they moved.
 */
export function createLiveHub(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events' | 'timedCounts' | 'tokens' | 'members' | 'sessions'>,
  transport: LiveTransport,
  log: Log,
  options: LiveHubOptions = {},
): LiveHub {
  const heartbeatMs = options.heartbeatMs ?? LIVE.heartbeatMs;
  const countsEveryMs = options.countsEveryMs ?? LIVE.countsEveryMs;
  const countsRefreshMs = options.countsRefreshMs ?? LIVE.countsRefreshMs;
  const sendEveryMs = options.sendEveryMs ?? SEND_EVERY_MS;
  const tellEveryMs = options.tellEveryMs ?? TELL_EVERY_MS;
  const streams = new Set<LiveStream>();
  const lastCounts = new WeakMap<LiveStream, string>();

  // ---- out: this process's writes, to every instance
  let outgoing: WireChange[] = [];
  const flushOutgoing = () => {
    const changes = outgoing;
    outgoing = [];
    if (changes.length > 0) transport.send({ t: 'orders', changes });
  };
  ctx.events.subscribe('order.changed', (event) => {
    if (outgoing.length === 0) setTimeout(flushOutgoing, sendEveryMs);
    outgoing.push({
      id: event.orderDbId,
      kind: event.kind,
      from: event.from,
      to: event.to,
      by: event.actor?.name ?? null,
    });
  });
  ctx.events.subscribe('session.revoked', ({ sessionIds }) =>
    transport.send({ t: 'revoked', sessionIds: [...sessionIds] }),
  );
  ctx.events.subscribe('member.changed', ({ memberId }) => transport.send({ t: 'member', memberId }));
  ctx.events.subscribe('notification.created', ({ memberId, notification }) =>
    transport.send({ t: 'notification', memberId, notification }),
  );

  // ---- counts, at most every countsEveryMs
  let countsTimer: NodeJS.Timeout | null = null;
  let countsRunning = false;
  let countsAgain = false;
  let lastCountsAt = 0;

  const sendCounts = async (to: readonly LiveStream[]) => {
    const members = new Map<number, TokenUser>();
    for (const stream of to) members.set(stream.member.id, stream.member);
    const counts = await folderCountsOfMany(ctx, [...members.values()]);
    for (const stream of to) {
      if (!streams.has(stream)) continue;
      const mine: FolderCounts = counts.get(stream.member.id) ?? {};
      const text = JSON.stringify(mine);
      if (lastCounts.get(stream) === text) continue;
      lastCounts.set(stream, text);
      stream.send('counts', mine);
    }
  };
  const runCounts = async () => {
    countsTimer = null;
    if (countsRunning) {
      countsAgain = true;
      return;
    }
    countsRunning = true;
    lastCountsAt = Date.now();
    try {
      if (streams.size > 0) await sendCounts([...streams]);
    } catch (error) {
      log.warn({ err: error }, 'live counts not sent');
    } finally {
      countsRunning = false;
      if (countsAgain) {
        countsAgain = false;
        scheduleCounts();
      }
    }
  };
  function scheduleCounts() {
    if (countsTimer || streams.size === 0) return;
    if (countsRunning) {
      countsAgain = true;
      return;
    }
    const wait = Math.max(0, lastCountsAt + countsEveryMs - Date.now());
    countsTimer = setTimeout(() => void runCounts(), wait);
  }

  // ---- in: every instance's messages, to this process's streams
  let incoming: WireChange[] = [];
  const tellOrders = async () => {
    const changes = incoming;
    incoming = [];
    if (streams.size === 0) return;
    scheduleCounts();
    // one event an order and batch: its latest change, a move if there was one
    const latest = new Map<number, WireChange>();
    for (const change of changes) {
      const kept = latest.get(change.id);
      if (kept?.kind !== 'status' || change.kind === 'status') latest.set(change.id, change);
    }
    const states = await readOrderStates(ctx.db, [...latest.keys()]);
    const events = states.flatMap((state) => {
      const change = latest.get(state.id);
      if (!change) return [];
      const from = change.kind === 'status' ? change.from : null;
      const frame = sseFrame('order', {
        orderId: state.order_id,
        status: state.process_status,
        assignee: state.assignee_name,
        by: change.by,
        kind: change.kind,
        from,
      } satisfies LiveEventMap['order']);
      return [{ state, from, frame }];
    });
    for (const stream of streams) {
      const { type, id } = stream.member;
      let frames = '';
      for (const { state, from, frame } of events) {
        if (
          mayFollowOrder(type, state.process_status, state.assignee_id === id) ||
          (from !== null && mayFollowOrder(type, from, false))
        )
          frames += frame;
      }
      if (frames) stream.write(frames);
    }
  };

  transport.onMessage((message) => {
    if (streams.size === 0) return;
    switch (message.t) {
      case 'orders':
        if (incoming.length === 0)
          setTimeout(() => {
            tellOrders().catch((error: unknown) => log.warn({ err: error }, 'live order events not sent'));
          }, tellEveryMs);
        incoming.push(...message.changes);
        return;
      case 'presence':
        for (const stream of streams) {
          if (mayFollowOrder(stream.member.type, message.status, true))
            stream.send('presence', { orderId: message.orderId, viewers: message.viewers });
        }
        return;
      case 'revoked':
        for (const stream of streams) if (message.sessionIds.includes(stream.sessionId)) stream.end();
        return;
      case 'notification':
        // to the member it is for, in each of their tabs, and no one else
        for (const stream of streams) {
          if (stream.member.id === message.memberId) stream.send('notification', message.notification);
        }
        return;
      case 'member':
        // a new type, password or 2FA: the browser connects again and the guard reads the member afresh
        for (const stream of streams) if (stream.member.id === message.memberId) stream.end();
        return;
    }
  });

  // ---- heartbeat: keeps streams open, ends the ones whose session died, refreshes counts
  const stillValid = async (stream: LiveStream) => {
    const claims = await ctx.tokens.verify(stream.token);
    if (!claims) return false;
    const [member, session] = await Promise.all([
      ctx.members.findActive(stream.member.id),
      ctx.sessions.findOpen(stream.sessionId),
    ]);
    return Boolean(member && member.token_version === claims.ver && session && session.staff_id === member.id);
  };
  const heartbeat = setInterval(() => {
    for (const stream of streams) {
      stream.ping();
      stillValid(stream)
        .then((valid) => {
          if (!valid) stream.end();
        })
        .catch((error: unknown) => log.warn({ err: error }, 'live stream check failed'));
    }
  }, heartbeatMs);
  heartbeat.unref();
  const refresh = setInterval(scheduleCounts, countsRefreshMs);
  refresh.unref();

  return {
    mayOpen(memberId, sessionId) {
      let ofSession = 0;
      let ofMember = 0;
      for (const stream of streams) {
        if (stream.member.id !== memberId) continue;
        ofMember += 1;
        if (stream.sessionId === sessionId) ofSession += 1;
      }
      return ofSession < LIVE.maxStreamsPerSession && ofMember < LIVE.maxStreamsPerMember;
    },
    open(stream) {
      streams.add(stream);
      stream.send('ready', { at: new Date().toISOString() });
      sendCounts([stream]).catch((error: unknown) => log.warn({ err: error }, 'live counts not sent'));
    },
    close(stream) {
      streams.delete(stream);
    },
    send: (message) => transport.send(message),
    size: () => streams.size,
    shutdown() {
      clearInterval(heartbeat);
      clearInterval(refresh);
      if (countsTimer) clearTimeout(countsTimer);
      for (const stream of [...streams]) stream.end();
      streams.clear();
    },
  };
}
