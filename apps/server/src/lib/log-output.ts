/** log bytes waiting for a slow output beyond which new lines are dropped (per process) */
export const LOG_BACKLOG_BYTES = 4 * 1024 * 1024;

/** Where the log's lines go (app.ts's logger), never blocking the event loop. */
export interface LogOutput {
  write(line: string): void;
  /** lines dropped so far because the output did not take them */
  dropped(): number;
  /** resolves once every line waiting is written (true), or at `deadline` (ms since the epoch) if not (false) */
  drained(deadline: number): Promise<boolean>;
}

/** the stream a log output writes to: process.stdout, or a test's */
export interface LogStream {
  readonly writableLength: number;
  write(chunk: string): boolean;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * DESIGN §22, "Stopping": a log destination that stops draining (a stalled log shipper on the other
 * end of stdout) never blocks the process. pino's own stdout writer retries a full pipe forever,
 * and at exit waits for it synchronously, in the main thread: a SIGTERM never ended such a server
 * (issue 31). Here lines go to the stream as they come (a pipe's writes never block in Node; they
 * queue), and once `maxBacklog` bytes wait, further lines are dropped and counted
 * (`log_lines_dropped_total`) until it drains. A stream that failed (its reader gone) drops all.
 */
export function droppingOutput(stream: LogStream, maxBacklog = LOG_BACKLOG_BYTES): LogOutput {
  let dropped = 0;
  let failed = false;
  stream.on('error', () => {
    failed = true;
  });
  return {
    write(line) {
      if (failed || stream.writableLength >= maxBacklog) dropped += 1;
      else stream.write(line);
    },
    dropped: () => dropped,
    async drained(deadline) {
      while (!failed && stream.writableLength > 0) {
        if (Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return !failed;
    },
  };
}

let stdout: LogOutput | null = null;

/** This process's log output on stdout (one stdout, one output), made at first use. */
export function stdoutLog(): LogOutput {
  stdout ??= droppingOutput(process.stdout);
  return stdout;
}

/** log lines stdout dropped in this process so far (GET /metrics) */
export const droppedLogLines = (): number => stdout?.dropped() ?? 0;
