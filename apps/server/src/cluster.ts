import cluster, { type Worker } from 'node:cluster';

/**
 * Several server processes on one machine (WORKERS, DESIGN §1: the service is stateless, so N
 * processes are N instances). One Node process uses one core; the primary here only forks, restarts
 * and stops the workers, which share the listening port (the primary hands connections out in turn).
 */

/** a worker that dies this soon after it started counts as a failed start */
const EARLY_EXIT_MS = 10_000;
/** failed starts in a row after which the primary gives up (bad configuration, database gone) */
const MAX_FAILED_STARTS = 5;
/**
 * how long a stop waits for workers to finish their accepted requests before killing them: each
 * exits by itself within 12 s (main.ts's STOP_DEADLINE_MS), and the whole stops within DESIGN
 * §22's 15 s whatever the workers' log output does
 */
const STOP_GRACE_MS = 13_000;

export const isWorker = (): boolean => cluster.isWorker;

interface Maintenance {
  maintenance: true;
}
const isMaintenance = (message: unknown): message is Maintenance =>
  typeof message === 'object' && message !== null && (message as Maintenance).maintenance === true;

let maintenanceWorker = false;
if (cluster.isWorker) {
  process.on('message', (message: unknown) => {
    if (isMaintenance(message)) maintenanceWorker = true;
  });
}

/**
 * Whether this process does the periodic upkeep that must run in one process only (search-index.ts):
 * a lone server, or the worker in the first slot (told so by the primary, again after a restart).
 */
export const doesMaintenance = (): boolean => !cluster.isWorker || maintenanceWorker;

/** What a worker asks the primary to pass on to every other worker (the live stream's messages). */
const isRelayed = (message: unknown): boolean =>
  typeof message === 'object' && message !== null && typeof (message as { live?: unknown }).live === 'object';

interface Listening {
  listening: string;
}
const isListening = (message: unknown): message is Listening =>
  typeof message === 'object' && message !== null && typeof (message as Listening).listening === 'string';

/** In a worker: tells the primary the address it listens on. */
export function reportListening(address: string): void {
  process.send?.({ listening: address } satisfies Listening);
}

export interface WorkerPool {
  /** the address the workers listen on, once the first one does */
  address: Promise<string>;
  /** resolves when every worker has exited after a stop */
  stopped: Promise<void>;
  pids(): number[];
  stop(): void;
}

/**
 * In the primary: forks `count` workers running this same script with the same arguments. A worker
 * that exits when no stop was asked for is replaced; five failed starts in a row stop everything.
 * SIGINT/SIGTERM reach the workers (each finishes its accepted requests) and `stopped` resolves.
 */
export function startWorkers(count: number, log: (message: string) => void = console.error): WorkerPool {
  let stopping = false;
  let failedStarts = 0;
  let resolveAddress: (address: string) => void = () => {};
  let rejectAddress: (error: Error) => void = () => {};
  const address = new Promise<string>((resolve, reject) => {
    resolveAddress = resolve;
    rejectAddress = reject;
  });
  let resolveStopped: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    resolveStopped = resolve;
  });
  const live = new Set<Worker>();

  const fork = (slot: number) => {
    const startedAt = Date.now();
    const worker = cluster.fork();
    live.add(worker);
    if (slot === 0) worker.on('online', () => worker.send({ maintenance: true } satisfies Maintenance));
    worker.on('message', (message: unknown) => {
      if (isRelayed(message)) {
        // a live message (modules/live, live-transport.cluster.ts): every other worker hears it
        for (const other of live) if (other !== worker && other.isConnected()) other.send(message as object);
        return;
      }
      if (!isListening(message)) return;
      failedStarts = 0;
      resolveAddress(message.listening);
    });
    worker.on('exit', (code, signal) => {
      live.delete(worker);
      if (stopping) {
        if (live.size === 0) resolveStopped();
        return;
      }
      const early = Date.now() - startedAt < EARLY_EXIT_MS;
      failedStarts = early ? failedStarts + 1 : 0;
      log(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`})`);
      if (failedStarts >= MAX_FAILED_STARTS) {
        log(`${failedStarts} workers in a row exited right after starting: stopping`);
        rejectAddress(new Error('the server processes could not start'));
        stop();
        if (live.size === 0) resolveStopped();
        return;
      }
      setTimeout(() => fork(slot), early ? 1000 : 0).unref();
    });
  };

  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (live.size === 0) resolveStopped();
    for (const worker of live) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of live) worker.process.kill('SIGKILL');
    }, STOP_GRACE_MS).unref();
  };

  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
  for (let slot = 0; slot < count; slot += 1) fork(slot);
  return { address, stopped, stop, pids: () => [...live].map((w) => w.process.pid as number) };
}
