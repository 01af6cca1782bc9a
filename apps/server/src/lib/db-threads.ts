import { parentPort, Worker } from 'node:worker_threads';
import { AppError } from './app-error.ts';

/**
 * Work sent to threads of its own, for SQLite, whose calls run in the calling thread: a query or a
 * commit's fsync there holds up every other request. The main thread sends a call by name with
 * its arguments (structured clone), the thread runs it with its own connection and answers; an
 * AppError crosses as an AppError, anything else as an Error with its message and stack.
 */

/** a thread's calls: each takes cloneable arguments and resolves to a cloneable value */
// biome-ignore lint/suspicious/noExplicitAny: each method declares its own arguments
type Methods<M = Record<string, unknown>> = { [K in keyof M]: (...args: any[]) => Promise<unknown> };

interface Call {
  id: number;
  method: string;
  args: unknown[];
}
type Reply =
  | { id: number; value: unknown }
  | { id: number; error: { message: string; httpStatus?: number; data?: unknown; stack?: string; code?: string } };

export interface ThreadPool<M extends Methods<M>> {
  call<K extends keyof M & string>(method: K, ...args: Parameters<M[K]>): Promise<Awaited<ReturnType<M[K]>>>;
  /** the threads running now (each starts on its first call): for tests and diagnostics */
  running(): Worker[];
  close(): Promise<void>;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}
interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * `count` threads running `workerUrl` (which calls serveThread), each call given to the least busy.
 * Threads start on their first call and again after one dies; the calls that were waiting on a
 * dead thread fail with an Error (a 500), never hang. An idle thread does not keep the process up.
 */
export function createThreadPool<M extends Methods<M>>(
  workerUrl: URL,
  workerData: unknown,
  count: number,
): ThreadPool<M> {
  const threads: (Thread | null)[] = Array.from({ length: count }, () => null);
  let nextId = 1;
  let closed = false;

  function start(slot: number): Thread {
    const worker = new Worker(workerUrl, { workerData });
    const thread: Thread = { worker, pending: new Map() };
    const fail = (error: Error) => {
      if (threads[slot] === thread) threads[slot] = null;
      for (const waiting of thread.pending.values()) waiting.reject(error);
      thread.pending.clear();
    };
    worker.on('message', (reply: Reply) => {
      const waiting = thread.pending.get(reply.id);
      if (!waiting) return;
      thread.pending.delete(reply.id);
      if ('value' in reply) return waiting.resolve(reply.value);
      const { message, httpStatus, data, stack, code } = reply.error;
      const error = httpStatus === undefined ? new Error(message) : new AppError(httpStatus, message, data);
      if (stack) error.stack = stack;
      // a driver's code (SQLITE_BUSY …) still tells the caller what happened
      if (code) Object.assign(error, { code });
      waiting.reject(error);
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`database thread stopped (exit code ${code})`)));
    worker.unref();
    return thread;
  }

  function pick(): Thread {
    let best = 0;
    for (let slot = 1; slot < threads.length; slot += 1) {
      if ((threads[slot]?.pending.size ?? 0) < (threads[best]?.pending.size ?? 0)) best = slot;
    }
    let thread = threads[best];
    if (!thread) {
      thread = start(best);
      threads[best] = thread;
    }
    return thread;
  }

  return {
    call(method, ...args) {
      if (closed) return Promise.reject(new Error('database threads are closed'));
      const thread = pick();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        thread.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        // held while a call runs, so the process waits for its answer
        thread.worker.ref();
        const call: Call = { id, method, args };
        try {
          thread.worker.postMessage(call);
        } catch (error) {
          // arguments that cannot be cloned: nothing was sent, nothing will answer
          thread.pending.delete(id);
          reject(error as Error);
        }
      }).finally(() => {
        if (thread.pending.size === 0) thread.worker.unref();
      }) as Promise<Awaited<ReturnType<M[typeof method]>>>;
    },
    running: () => threads.flatMap((thread) => (thread ? [thread.worker] : [])),
    async close() {
      closed = true;
      await Promise.all(threads.map((thread) => thread?.worker.terminate()));
      threads.fill(null);
    },
  };
}

/** The thread's side: answers each call with `methods[call.method](...call.args)`. */
export function serveThread<M extends Methods<M>>(methods: M): void {
  const port = parentPort;
  if (!port) throw new Error('serveThread runs only in a worker thread');
  port.on('message', async ({ id, method, args }: Call) => {
    let reply: Reply;
    try {
      const run = (methods as Record<string, ((...args: unknown[]) => Promise<unknown>) | undefined>)[method];
      if (!run) throw new Error(`no method ${method} in this thread`);
      reply = { id, value: await run(...args) };
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      const code = (error as { code?: unknown }).code;
      reply = {
        id,
        error: {
          message: error.message,
          ...(error.stack ? { stack: error.stack } : {}),
          ...(typeof code === 'string' ? { code } : {}),
          ...(error instanceof AppError ? { httpStatus: error.httpStatus, data: error.data } : {}),
        },
      };
    }
    port.postMessage(reply);
  });
}
