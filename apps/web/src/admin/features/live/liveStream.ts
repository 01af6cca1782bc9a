import { LIVE, LIVE_API, LIVE_EVENT_NAMES, type LiveEvent } from '@eta/shared';
import { type EventSourceMessage, fetchEventSource } from '@microsoft/fetch-event-source';

export interface LiveStreamOptions {
  /** the stored token, read at each connection (none: the stream stops) */
  token(): string | null;
  onEvent(event: LiveEvent): void;
  /** `again`: it had been open before and was lost, so what the screens show may be stale */
  onOpen(again: boolean): void;
  onClosed(): void;
  /** the server refused the session (401): it ended elsewhere */
  onUnauthorized(message: string): void;
  /** tests shorten the waits */
  waits?: { firstMs: number; maxMs: number; silenceMs: number };
}

/** Ends the stream for good instead of trying again: the session ended, or there is no token to send. */
class StreamStopped extends Error {}

/**
 * Keeps the live stream (DESIGN §18) open while the member is signed in. fetch-event-source reads
 * the stream and opens it again (docs/decisions/0351-the-live-stream-is-read-by-fetch-event-source.md):
 * fetch, since EventSource cannot send the Authorization header. A lost stream is opened again after 1 s, then 2, 4 … up to 30 s (with
 * jitter, so a restarted server is not met by every browser at once); a stream silent for longer
 * than two heartbeats is treated as lost (a proxy may drop it without a word). Returns the way to stop it.
 */
export function startLiveStream(options: LiveStreamOptions): () => void {
  const waits = options.waits ?? {
    firstMs: LIVE.reconnectFirstMs,
    maxMs: LIVE.reconnectMaxMs,
    silenceMs: LIVE.heartbeatMs * 2 + 5_000,
  };
  const stop = new AbortController();
  let failures = 0;
  let openedBefore = false;
  /** this connection has said `ready` */
  let open = false;
  let silence: ReturnType<typeof setTimeout> | undefined;

  const closed = () => {
    clearTimeout(silence);
    if (!open) return;
    open = false;
    options.onClosed();
  };

  /**
   * One connection: the token as it is now, and a watch for silence that any bytes reset (the
   * heartbeat is a comment, which the reader passes on as no event), ending this connection alone.
   */
  const connect = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const token = options.token();
    if (!token) throw new StreamStopped();
    const lost = new AbortController();
    init.signal?.addEventListener('abort', () => lost.abort());
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => lost.abort(), waits.silenceMs);
    };
    const headers = { ...(init.headers as Record<string, string>), Authorization: token };
    const res = await fetch(input, { ...init, headers, signal: lost.signal });
    if (!res.ok || !res.body) return res;
    heard();
    const body = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, out) {
          heard();
          out.enqueue(chunk);
        },
      }),
    );
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };

  const onmessage = ({ event, data }: EventSourceMessage) => {
    if (!(LIVE_EVENT_NAMES as readonly string[]).includes(event)) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return; // a frame that is not JSON is not ours: skipped rather than ending the stream
    }
    if (event === 'ready') {
      open = true;
      failures = 0;
      options.onOpen(openedBefore);
      openedBefore = true;
    }
    options.onEvent({ event, data: parsed } as LiveEvent);
  };

  void fetchEventSource(`/api${LIVE_API.stream.path}`, {
    fetch: connect,
    signal: stop.signal,
    // kept open in a hidden tab too: its counts and changes are current when the member comes back
    openWhenHidden: true,
    async onopen(res) {
      if (res.status === 401) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        options.onUnauthorized(body?.message ?? '');
        throw new StreamStopped();
      }
      if (!res.ok || !res.body) throw new Error(`live stream refused: ${res.status}`);
    },
    onmessage,
    onclose() {
      throw new Error('live stream ended'); // lost: tried again below
    },
    /** Lost or refused: the wait before the next try (milliseconds); throwing ends the stream. */
    onerror(error: unknown) {
      closed();
      if (error instanceof StreamStopped) throw error;
      const wait = Math.min(waits.maxMs, waits.firstMs * 2 ** failures);
      failures += 1;
      return wait / 2 + Math.random() * (wait / 2);
    },
  })
    .catch(() => {}) // ended for good: nothing left to do
    .finally(closed);

  return () => stop.abort();
}
