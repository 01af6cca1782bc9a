import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import type { AppContext } from '../../context.ts';
import { postgresRunAlone, type RunAlone, sqliteRunAlone } from '../../lib/run-alone.ts';
import { nowIso } from '../../lib/time.ts';
import { readMessage, takeIn } from './intake.ts';
import { mailboxProblem, openMailbox } from './mailbox.ts';

declare module '../../context.ts' {
  interface Strategies {
    /** the mailbox is read by one instance at a time (DESIGN §25) */
    oneInboundReaderAtATime: RunAlone;
  }
}

/** the advisory lock's key: any fixed number no other lock of this database uses */
const INBOUND_LOCK = 250_025;
/** PostgreSQL: the instance holding the lock reads; the others look again every INBOUND_POLL_SECONDS. */
export const postgresOneInboundReader = postgresRunAlone(INBOUND_LOCK);
/** SQLite: one machine; a message stored twice is refused by its unique keys, so two readers lose nothing. */
export const sqliteOneInboundReader = sqliteRunAlone;

/**
 * A message larger than this is not read into memory: it is moved to the done folder unread (kept
 * whole in the mailbox, for an operator), with a warning in the log naming its size and place.
 */
const MESSAGE_MAX_BYTES = 100 * 1024 * 1024;

/** 5 s, 10 s, 20 s … at most 5 minutes: a mailbox that is down or refuses us is never hammered. */
export function reconnectDelayMs(failures: number): number {
  return Math.min(5000 * 2 ** Math.max(0, failures - 1), 300_000);
}

export interface ReaderState {
  /** what readiness reports; null while the mailbox answers (or is not configured, or another instance reads) */
  problem: string | null;
  failures: number;
  /** when the next connection will be tried after a failure (ms since the epoch) */
  retryAt: number | null;
  reading: boolean;
}

export interface ReadResult {
  read: number;
  outcomes: string[];
}

/**
 * Messages read in one go: their sizes in one FETCH, their sources in one FETCH of at most
 * BATCH_BYTES (a larger message alone), then each taken in, then all of them marked seen and moved
 * in one STORE and one MOVE. Four round trips a message, each waiting its turn behind the staff's
 * requests in the server's thread, kept the reader a second behind at 1,000 messages a minute
 * (issue 35's bench); a batch costs four round trips in all.
 */
export const BATCH_MESSAGES = 50;
export const BATCH_BYTES = 32 * 1024 * 1024;

/** `uids` in runs of at most BATCH_MESSAGES messages and BATCH_BYTES bytes, in order */
export function batches(uids: readonly number[], sizes: ReadonlyMap<number, number>): number[][] {
  const runs: number[][] = [];
  let run: number[] = [];
  let bytes = 0;
  for (const uid of uids) {
    const size = sizes.get(uid) ?? 0;
    if (run.length > 0 && (run.length >= BATCH_MESSAGES || bytes + size > BATCH_BYTES)) {
      runs.push(run);
      run = [];
      bytes = 0;
    }
    run.push(uid);
    bytes += size;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * Reads every message in the folder, oldest first: each is taken in (stored and committed), then
 * marked seen and moved to the done folder with the rest of its batch. A crash between the two
 * leaves the batch in INBOX; the next read finds each one's row (same UID or Message-ID) and only
 * moves it.
 */
async function readAll(ctx: AppContext, client: ImapFlow, folder: string, log: FastifyBaseLogger): Promise<ReadResult> {
  const done = ctx.config.inbound.doneFolder;
  const result: ReadResult = { read: 0, outcomes: [] };
  const lock = await client.getMailboxLock(folder);
  try {
    const validity = String(client.mailbox ? client.mailbox.uidValidity : 0);
    const uids = ((await client.search({ all: true }, { uid: true })) || []).sort((x, y) => x - y);
    if (uids.length === 0) return result;
    const sizes = new Map<number, number>();
    for (const head of await client.fetchAll(uids, { uid: true, size: true }, { uid: true })) {
      sizes.set(head.uid, head.size ?? 0);
    }
    for (const batch of batches(
      uids.filter((uid) => sizes.has(uid)),
      sizes,
    )) {
      const readable = batch.filter((uid) => (sizes.get(uid) ?? 0) <= MESSAGE_MAX_BYTES);
      const sources = new Map<number, Buffer>();
      if (readable.length > 0) {
        for (const message of await client.fetchAll(readable, { uid: true, source: true }, { uid: true })) {
          if (message.source) sources.set(message.uid, message.source);
        }
      }
      // gone meanwhile (another client moved it): nothing to take in or move
      const present = batch.filter((uid) => (sizes.get(uid) ?? 0) > MESSAGE_MAX_BYTES || sources.has(uid));
      // Read together (parsed, written to the file store: each write waits its turn behind the
      // staff's requests in the server's thread, and one message at a time fell behind 1,000 a
      // minute), then taken in one after another in mailbox order: a bounce and a complaint of one
      // mail, or a message and its duplicate, come out as they came.
      const reads = await Promise.all(
        present.map((uid) =>
          (sizes.get(uid) ?? 0) > MESSAGE_MAX_BYTES ? null : readMessage(ctx, sources.get(uid) as Buffer),
        ),
      );
      for (const [i, uid] of present.entries()) {
        const size = sizes.get(uid) ?? 0;
        const read = reads[i];
        let outcome: string;
        if (!read) {
          outcome = `too large to read (${Math.ceil(size / 1048576)} MB): moved to ${done} unread`;
          log.warn({ inbound: { uid, size } }, `inbound mail ${outcome}`);
        } else {
          const source = sources.get(uid) as Buffer;
          const taken = await takeIn(ctx, source, `${folder}:${validity}:${uid}`, nowIso(ctx.clock), read);
          outcome = `${taken.kind}: ${taken.outcome}`;
          log.info({ inbound: { uid, id: taken.inboundId, kind: taken.kind } }, `inbound mail ${outcome}`);
        }
        result.outcomes.push(outcome);
      }
      if (present.length === 0) continue;
      await client.messageFlagsAdd(present, ['\\Seen'], { uid: true });
      await client.messageMove(present, done, { uid: true });
      result.read += present.length;
    }
  } finally {
    lock.release();
  }
  return result;
}

async function connect(ctx: AppContext, url: string) {
  const { client, folder } = openMailbox(url);
  // an 'error' event without a listener would end the process; the session's await sees it instead
  client.on('error', () => undefined);
  await client.connect();
  await client.mailboxCreate(ctx.config.inbound.doneFolder).catch(() => undefined);
  return { client, folder };
}

/**
 * The inbound reader (DESIGN §25): while the app runs, one instance at a time keeps a connection to
 * the mailbox, reads what is there, and waits for news (IDLE where offered: imapflow idles between
 * commands and tells of new messages with `exists`; else the poll). A failed connection is tried
 * again after a growing pause, its problem told to readiness.
 */
export function createInboundReader(ctx: AppContext, log: FastifyBaseLogger) {
  const url = ctx.config.inbound.imapUrl;
  const pollMs = ctx.config.inbound.pollSeconds * 1000;
  const state: ReaderState = { problem: null, failures: 0, retryAt: null, reading: false };
  let stopped = true;
  let wake: (() => void) | null = null;
  let running: Promise<void> | null = null;
  let current: ImapFlow | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const failed = (error: unknown) => {
    state.failures += 1;
    state.problem = mailboxProblem(error);
    const delay = reconnectDelayMs(state.failures);
    state.retryAt = Date.now() + delay;
    log.warn({ failures: state.failures, retryInMs: delay }, state.problem);
    return delay;
  };

  /** One session: connect, read, wait for news, read again, until stopped or the connection fails. */
  async function session(): Promise<void> {
    const { client, folder } = await connect(ctx, url as string);
    current = client;
    state.reading = true;
    state.problem = null;
    state.failures = 0;
    state.retryAt = null;
    try {
      const closed = new Promise<never>((_resolve, reject) =>
        client.once('close', () => reject(new Error('connection closed'))),
      );
      closed.catch(() => undefined);
      // News of a new message wakes the pause; news that comes while a read runs (no pause to wake
      // yet) is remembered, so the next read starts at once instead of a whole poll later.
      let news = false;
      client.on('exists', (update: { count: number; prevCount: number }) => {
        if (update.count <= update.prevCount) return;
        news = true;
        wake?.();
      });
      while (!stopped) {
        news = false;
        const { read } = await Promise.race([readAll(ctx, client, folder, log), closed]);
        if (stopped) break;
        // mail that came during a read is read at once: it may have come before any news could
        if (!news && read === 0) await Promise.race([pause(pollMs), closed]);
      }
    } finally {
      state.reading = false;
      current = null;
      await client.logout().catch(() => client.close());
    }
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      let delay = pollMs;
      try {
        // false: another instance reads; look again after the poll
        if (await ctx.strategies.oneInboundReaderAtATime(ctx.db, session)) delay = 0;
      } catch (error) {
        delay = failed(error);
      }
      if (!stopped && delay > 0) await pause(delay);
    }
  }

  return {
    state: (): Readonly<ReaderState> => ({ ...state }),
    start() {
      if (!url || !stopped) return;
      stopped = false;
      running = loop();
    },
    async stop() {
      stopped = true;
      wake?.();
      current?.close();
      await running?.catch(() => undefined);
      running = null;
    },
    /** One read of the mailbox now, for tests and the command line: connect, read everything, leave. */
    async readOnce(): Promise<ReadResult> {
      if (!url) return { read: 0, outcomes: [] };
      let client: ImapFlow | null = null;
      try {
        const opened = await connect(ctx, url);
        client = opened.client;
        const result = await readAll(ctx, client, opened.folder, log);
        state.problem = null;
        state.failures = 0;
        return result;
      } catch (error) {
        failed(error);
        throw error;
      } finally {
        await client?.logout().catch(() => client?.close());
      }
    },
  };
}

export type InboundReader = ReturnType<typeof createInboundReader>;
