/** Thrown when `maxWaiting` callers already wait: the caller answers "busy" instead of queueing forever. */
export class SemaphoreFullError extends Error {
  constructor() {
    super('semaphore queue full');
  }
}

export interface Semaphore {
  /** runs `work` once fewer than `limit` others run; waits (first come, first served) otherwise */
  run<T>(work: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

/** A tiny counting semaphore: at most `limit` tasks at once, at most `maxWaiting` in line. */
export function createSemaphore(limit: number, maxWaiting = Number.POSITIVE_INFINITY): Semaphore {
  let active = 0;
  const queue: (() => void)[] = [];

  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active -= 1;
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    async run(work) {
      if (active < limit) active += 1;
      else {
        if (queue.length >= maxWaiting) throw new SemaphoreFullError();
        // The slot passes straight from the task that ends to the next in line: `active` stays put.
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
