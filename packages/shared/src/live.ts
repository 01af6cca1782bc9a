import { FOLDERS, type FolderCounts, type FolderDef } from './folders.ts';
import { can, type Role } from './roles.ts';
import type { NotificationRecord } from './schemas/notifications.ts';

/**
 * Working live (DESIGN §18): what the live stream (`GET /api/admin/live`, Server-Sent Events) says
 * and how often. The server writes these frames, the web reads them: one definition for both.
 */
export const LIVE = {
  /** a comment line this often keeps proxies (and Node's idle time-out) from closing a quiet stream */
  heartbeatMs: 25_000,
  /** a member's folder counts are sent at most this often, however busy the queues */
  countsEveryMs: 500,
  /** counts are also looked at this often with no change heard: the Overdue folder moves with time */
  countsRefreshMs: 30_000,
  /** a viewer who stopped beating for this long no longer shows in "Also viewing" */
  presenceTtlSeconds: 60,
  /** how often an open order detail says "still here" (well inside the time to live) */
  presenceBeatMs: 20_000,
  /** the web's wait before connecting again: doubled on each failure up to the maximum */
  reconnectFirstMs: 1_000,
  reconnectMaxMs: 30_000,
  /** open streams a session may hold (a browser tab holds one), and a member across their sessions (DESIGN §22) */
  maxStreamsPerSession: 5,
  maxStreamsPerMember: 20,
} as const;

export const LIVE_MSG = {
  tooManyStreams: 'Too many open live connections.',
} as const;

/** `order`: an order changed; sent to members who may see its folder before or after the change. */
export interface LiveOrderEvent {
  orderId: string;
  /** its status now */
  status: string;
  /** who holds it now (the member's name), or null */
  assignee: string | null;
  /** who changed it, or null for the system (an integration, a lease running out) */
  by: string | null;
  /** what happened: the order event log's kind (ORDER_EVENT) */
  kind: string;
  /** for a move, the status it left */
  from: string | null;
}

/**
 * Whether `folder`'s list holds an order that stands where a live `order` event says (its status now
 * and its holder's name, or null), as seen by the member named `me`: a queue drops a row that no
 * longer belongs there and counts an order that came in (DESIGN §18, §22). Overdue Orders is also a
 * matter of time, which the server judges; its statuses are what an event can tell.
 */
export function folderHoldsOrder(
  folder: FolderDef,
  order: Pick<LiveOrderEvent, 'status' | 'assignee'>,
  me: string,
): boolean {
  if (folder.statuses !== null && !(folder.statuses as readonly string[]).includes(order.status)) return false;
  return !folder.mine || order.assignee === me;
}

/** `presence`: who has the order's detail open now (names, the member's own included). */
export interface LivePresenceEvent {
  orderId: string;
  viewers: string[];
}

export interface LiveEventMap {
  /** the stream is open; sent first */
  ready: { at: string };
  counts: FolderCounts;
  order: LiveOrderEvent;
  presence: LivePresenceEvent;
  /** a notification for this member alone (DESIGN §23): a mention, a customer's reply … */
  notification: NotificationRecord;
}
export type LiveEventName = keyof LiveEventMap;
export type LiveEvent = { [K in LiveEventName]: { event: K; data: LiveEventMap[K] } }[LiveEventName];

export const LIVE_EVENT_NAMES: readonly LiveEventName[] = ['ready', 'counts', 'order', 'presence', 'notification'];

/** One Server-Sent Events frame: `event: …` and one `data:` line of JSON. */
export const sseFrame = (event: LiveEventName, data: unknown): string =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Reads frames out of a stream's text as it arrives: returns the complete events in `buffer` and
 * what is left for the next chunk. Comment lines (the heartbeat) and unknown events are skipped.
 */
export function parseSseFrames(buffer: string): { events: LiveEvent[]; rest: string } {
  const events: LiveEvent[] = [];
  const text = buffer.replace(/\r\n?/g, '\n');
  let start = 0;
  for (let end = text.indexOf('\n\n', start); end !== -1; end = text.indexOf('\n\n', start)) {
    const frame = text.slice(start, end);
    start = end + 2;
    let name = 'message';
    const data: string[] = [];
    for (const line of frame.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') name = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0 || !(LIVE_EVENT_NAMES as readonly string[]).includes(name)) continue;
    try {
      events.push({ event: name, data: JSON.parse(data.join('\n')) } as LiveEvent);
    } catch {
      // a frame that is not JSON is not ours: skipped rather than ending the stream
    }
  }
  return { events, rest: text.slice(start) };
}

/** What a member of a type may follow, worked out once per type: the stream asks per stream and event. */
const followed = new Map<string, { all: boolean; statuses: ReadonlySet<string> }>();

function followedBy(type: Role, heldByThem: boolean) {
  const key = `${type}|${heldByThem}`;
  let entry = followed.get(key);
  if (!entry) {
    const folders = FOLDERS.filter((folder) => can(type, folder.capability) && (!folder.mine || heldByThem));
    entry = {
      all: folders.some((folder) => folder.statuses === null),
      statuses: new Set(folders.flatMap((folder) => folder.statuses ?? [])),
    };
    followed.set(key, entry);
  }
  return entry;
}

/**
 * Whether a member of `type` may hear of an order in `status`: some folder they may open holds it
 * (a folder of their own orders only when they hold it). Changes are filtered by this on the server.
 */
export function mayFollowOrder(type: Role, status: string, heldByThem: boolean): boolean {
  const { all, statuses } = followedBy(type, heldByThem);
  return all || statuses.has(status);
}
