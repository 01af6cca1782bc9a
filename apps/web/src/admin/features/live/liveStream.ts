import { LIVE, LIVE_API, type LiveEvent, parseSseFrames } from '@eta/shared';

export interface LiveStreamOptions {
  /** the stored token, read at each connection (none: the stream stops) */
  token(): string | null;
  onEvent(event: LiveEvent): void;
  /** `again`: it had been open before and was lost, so what the screens show may be stale */
  onOpen(again: boolean): void;
  onClosed(): void;
  /** the server refused the session (401): it ended elsewhere */
  onUnauthorized(message: string): void;
  fetch?: typeof fetch;
  /** tests shorten the waits */
  waits?: { firstMs: number; maxMs: number; silenceMs: number };
}

/**
 * Keeps the live stream (DESIGN §18) open while the member is signed in: fetch streaming, since
 * EventSource cannot send the Authorization header. A lost stream is opened again after 1 s, then 2,
 * 4 … up to 30 s (with jitter, so a restarted server is not met by every browser at once); a stream
 * silent for longer than two heartbeats is treated as lost (a proxy may drop it without a word).
 * Returns the way to stop it.
 */
export function startLiveStream(options: LiveStreamOptions): () => void {
  const doFetch = options.fetch ?? fetch.bind(globalThis);
  const waits = options.waits ?? {
    firstMs: LIVE.reconnectFirstMs,
    maxMs: LIVE.reconnectMaxMs,
    silenceMs: LIVE.heartbeatMs * 2 + 5_000,
  };
  let stopped = false;
  let current: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let openedBefore = false;

  const connect = async () => {
    retryTimer = null;
    const token = options.token();
    if (stopped || !token) return;
    const abort = new AbortController();
    current = abort;
    let silence: ReturnType<typeof setTimeout> | null = null;
    const heard = () => {
      if (silence) clearTimeout(silence);
      silence = setTimeout(() => abort.abort(), waits.silenceMs);
    };
    let wasOpen = false;
    try {
      const res = await doFetch(`/api${LIVE_API.stream.path}`, {
        headers: { Authorization: token, Accept: 'text/event-stream' },
        signal: abort.signal,
      });
      if (res.status === 401) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        stopped = true;
        options.onUnauthorized(body?.message ?? '');
        return;
      }
      if (!res.ok || !res.body) throw new Error(`live stream refused: ${res.status}`);
      heard();
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let rest = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        heard();
        const parsed = parseSseFrames(rest + decoder.decode(value, { stream: true }));
        rest = parsed.rest;
        for (const event of parsed.events) {
          if (event.event === 'ready') {
            wasOpen = true;
            failures = 0;
            options.onOpen(openedBefore);
            openedBefore = true;
          }
          options.onEvent(event);
        }
      }
    } catch {
      // lost or refused: tried again below
    } finally {
      if (silence) clearTimeout(silence);
      if (current === abort) current = null;
    }
    if (wasOpen) options.onClosed();
    if (stopped) return;
    const wait = Math.min(waits.maxMs, waits.firstMs * 2 ** failures);
    failures += 1;
    retryTimer = setTimeout(() => void connect(), wait / 2 + Math.random() * (wait / 2));
  };
  void connect();

  return () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    current?.abort();
  };
}
