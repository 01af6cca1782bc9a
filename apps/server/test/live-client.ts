import { type LiveEvent, type LiveEventMap, type LiveEventName, parseSseFrames } from '@eta/shared';
import type { TestApp } from './test-app.ts';

/** An app listening on loopback (the stream needs a real socket: inject waits for the reply's end). */
export async function listening(t: TestApp): Promise<string> {
  const address = t.app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const bound = t.app.server.address();
  if (!bound || typeof bound !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${bound.port}`;
}

export interface LiveReader {
  status: number;
  events: LiveEvent[];
  /** comment lines seen (heartbeats) */
  comments: number;
  /** resolves when the server ended the stream */
  ended: Promise<void>;
  /** the first event (after those already taken) matching `match`; rejects after `withinMs` */
  next<E extends LiveEvent>(match: (event: LiveEvent) => event is E, withinMs?: number): Promise<E>;
  next(match: (event: LiveEvent) => boolean, withinMs?: number): Promise<LiveEvent>;
  /** like next, but any event since the stream opened counts (an event whose order is not fixed) */
  seen<E extends LiveEvent>(match: (event: LiveEvent) => event is E, withinMs?: number): Promise<E>;
  seen(match: (event: LiveEvent) => boolean, withinMs?: number): Promise<LiveEvent>;
  close(): void;
}

/** Opens `GET /api/admin/live` as the web does (fetch with the token in Authorization). */
export async function openLive(base: string, token: string | null): Promise<LiveReader> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/admin/live`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: abort.signal,
  });
  const events: LiveEvent[] = [];
  let taken = 0;
  let comments = 0;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of [...waiters]) w();
  };
  let done = false;
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let rest = '';
    try {
      for await (const chunk of res.body) {
        const text = rest + decoder.decode(chunk as Uint8Array, { stream: true });
        comments += (text.match(/^: heartbeat$/gm) ?? []).length;
        const parsed = parseSseFrames(text);
        rest = parsed.rest;
        events.push(...parsed.events);
        wake();
      }
    } catch {
      // aborted by close()
    } finally {
      done = true;
      wake();
    }
  })();
  const reader: LiveReader = {
    status: res.status,
    events,
    get comments() {
      return comments;
    },
    ended,
    next(match: (event: LiveEvent) => boolean, withinMs = 5000) {
      return wait(match, withinMs, true);
    },
    seen(match: (event: LiveEvent) => boolean, withinMs = 5000) {
      return wait(match, withinMs, false);
    },
    close: () => abort.abort(),
  } as LiveReader;
  function wait(match: (event: LiveEvent) => boolean, withinMs: number, inTurn: boolean) {
    return new Promise<LiveEvent>((resolve, reject) => {
      const look = () => {
        for (let i = inTurn ? taken : 0; i < events.length; i += 1) {
          const event = events[i] as LiveEvent;
          if (match(event)) {
            if (inTurn) taken = i + 1;
            cleanup();
            resolve(event);
            return;
          }
        }
        if (done) {
          cleanup();
          reject(new Error(`stream ended without the event; saw ${JSON.stringify(events.slice(taken))}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no such event within ${withinMs} ms; saw ${JSON.stringify(events.slice(taken))}`));
      }, withinMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(look);
      };
      waiters.add(look);
      look();
    });
  }
  return reader;
}

export const isEvent =
  <K extends LiveEventName>(name: K, where: (data: LiveEventMap[K]) => boolean = () => true) =>
  (event: LiveEvent): event is Extract<LiveEvent, { event: K }> =>
    event.event === name && where(event.data as LiveEventMap[K]);
