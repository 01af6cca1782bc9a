import type { FastifyInstance } from 'fastify';

export interface PeriodicJob {
  /** for the log line of a failed pass */
  name: string;
  everyMs: number;
  /** the first pass this long after the app is ready */
  firstMs: number;
  /** one pass; a pass that throws is logged and the next one runs on time */
  pass: () => Promise<unknown>;
}

/**
 * A pass now and then, never two at once in this process: the next pass is timed from the end of
 * the last, and closing the app waits for a pass under way (the jobs of DESIGN §16, §18, §19).
 */
export function registerPeriodicJob(app: FastifyInstance, job: PeriodicJob): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let closed = false;
  const tick = () => {
    running = job
      .pass()
      .catch((error: unknown) => app.log.error({ err: error }, `${job.name} failed; the next pass tries again`))
      .finally(() => {
        running = null;
        if (!closed) timer = setTimeout(tick, job.everyMs).unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, job.firstMs).unref();
  });
  app.addHook('preClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    timer = null;
    await running;
  });
}
