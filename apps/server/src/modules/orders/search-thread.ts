import { Worker } from 'node:worker_threads';
import type { SearchOrderInput, TokenUser } from '@eta/shared';
import { AppError } from '../../lib/app-error.ts';
import type { ListPage } from './list.service.ts';

/** What the main thread asks a search thread, and what comes back (search-worker.ts). */
export interface SearchRequest {
  id: number;
  staff: TokenUser;
  input: SearchOrderInput;
}
export type SearchReply =
  | { id: number; page: ListPage }
  | { id: number; error: { message: string; httpStatus?: number; data?: unknown; stack?: string } };

/** Runs queue searches away from the event loop (SQLite only; null means in this thread). */
export interface SearchThreads {
  search(staff: TokenUser, input: SearchOrderInput): Promise<ListPage>;
  /** the threads running now (started by the first search): for tests and diagnostics */
  running(): Worker[];
  close(): Promise<void>;
}

interface Pending {
  resolve: (page: ListPage) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * SQLite runs in the server's own thread: while a search reads its matches (1–2 ms at a million
 * orders, a few hundred for a text below three characters, which no index serves), no other staff
 * request is answered. Searches go to `count` threads instead, each with a read-only connection
 * of its own to the same file (WAL: readers never wait for the writer, and see every commit made
 * before they start), running the same list service. Threads start on the first search and are
 * started again if one dies; a search that was running on a dead thread fails with a 500.
 */
export function createSearchThreads(sqliteFile: string, count: number): SearchThreads {
  const threads: (Thread | null)[] = Array.from({ length: count }, () => null);
  let nextId = 1;
  let closed = false;

  function start(slot: number): Thread {
    const worker = new Worker(new URL('./search-worker.ts', import.meta.url), { workerData: { sqliteFile } });
    const thread: Thread = { worker, pending: new Map() };
    const fail = (error: Error) => {
      if (threads[slot] === thread) threads[slot] = null;
      for (const waiting of thread.pending.values()) waiting.reject(error);
      thread.pending.clear();
    };
    worker.on('message', (reply: SearchReply) => {
      const waiting = thread.pending.get(reply.id);
      if (!waiting) return;
      thread.pending.delete(reply.id);
      if ('page' in reply) return waiting.resolve(reply.page);
      const { message, httpStatus, data, stack } = reply.error;
      const error = httpStatus === undefined ? new Error(message) : new AppError(httpStatus, message, data);
      if (stack) error.stack = stack;
      waiting.reject(error);
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`search thread stopped (exit code ${code})`)));
    // An idle thread must not keep the process alive (tests, `npm run migrate` …).
    worker.unref();
    return thread;
  }

  /** the least busy thread, started if it is not running */
  function pick(): Thread {
    let best = 0;
    for (let slot = 0; slot < threads.length; slot += 1) {
      const load = threads[slot]?.pending.size ?? 0;
      if (load < (threads[best]?.pending.size ?? 0)) best = slot;
    }
    let thread = threads[best];
    if (!thread) {
      thread = start(best);
      threads[best] = thread;
    }
    return thread;
  }

  return {
    search(staff, input) {
      if (closed) return Promise.reject(new Error('search threads are closed'));
      const thread = pick();
      const id = nextId++;
      return new Promise<ListPage>((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        // Held while a search runs, so the process waits for its answer.
        thread.worker.ref();
        const request: SearchRequest = { id, staff, input };
        thread.worker.postMessage(request);
      }).finally(() => {
        if (thread.pending.size === 0) thread.worker.unref();
      });
    },
    running: () => threads.flatMap((thread) => (thread ? [thread.worker] : [])),
    async close() {
      closed = true;
      await Promise.all(threads.map((thread) => thread?.worker.terminate()));
      threads.fill(null);
    },
  };
}
