import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const HERE = path.dirname(new URL(import.meta.url).pathname);

export interface Child {
  port: number;
  pid: number;
  /** peak resident memory so far (VmHWM), bytes; null where /proc is missing */
  peakMemory(): number | null;
  /** private memory now (RssAnon: heap and stacks, without the mapped database file), bytes */
  privateMemory(): number | null;
  /** CPU time used so far (user + system), seconds; null where /proc is missing */
  cpuSeconds(): number | null;
  stop(): Promise<void>;
}

function vm(pid: number, field: string): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** utime + stime of a process, in seconds (Linux clock ticks are 1/100 s). */
export function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Starts `script` (server.ts or bare.ts) in a node process of its own and waits for its port. */
export function startChild(script: 'server.ts' | 'bare.ts', env: Record<string, string>): Promise<Child> {
  const output: string[] = [];
  // BENCH_SERVER_NODE_OPTIONS=--cpu-prof profiles the server under load (a debugging aid).
  const extra = script === 'server.ts' && process.env.BENCH_SERVER_NODE_OPTIONS;
  const child: ChildProcess = fork(path.join(HERE, script), [], {
    env: { ...process.env, ...env, ...(extra ? { NODE_OPTIONS: extra } : {}) },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 50) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start in 120 s:\n${output.join('')}`));
    }, 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before listening:\n${output.join('')}`));
    });
    child.on('message', (message: { ready?: boolean; port?: number }) => {
      if (!message.ready || !message.port) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const pid = child.pid as number;
      resolve({
        port: message.port,
        pid,
        peakMemory: () => vm(pid, 'VmHWM'),
        cpuSeconds: () => cpuSecondsOf(pid),
        privateMemory: () => vm(pid, 'RssAnon'),
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
            child.once('exit', () => {
              clearTimeout(force);
              done();
            });
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
