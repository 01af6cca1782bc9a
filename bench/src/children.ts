import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const HERE = path.dirname(new URL(import.meta.url).pathname);

export interface Child {
  port: number;
  pid: number;
  /** peak resident memory so far (VmHWM), bytes, summed over the server's processes; null where /proc is missing */
  peakMemory(): number | null;
  /** private memory now (RssAnon: heap and stacks, without the mapped database file), bytes, summed */
  privateMemory(): number | null;
  /** CPU time used so far (user + system) by the server's processes, seconds; null where /proc is missing */
  cpuSeconds(): number | null;
  stop(): Promise<void>;
}

/** The process and its descendants (the server's workers when WORKERS > 1), from /proc. */
export function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    // no such process, or no /proc: the process alone
  }
  return [pid, ...children.flatMap(processTree)];
}

/** A /proc status figure summed over the process and its workers. */
function vmTree(pid: number, field: string): number | null {
  const values = processTree(pid).map((p) => vm(p, field));
  return values.some((v) => v === null) ? null : values.reduce<number>((a, v) => a + (v as number), 0);
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

/** utime + stime of a process and its workers, in seconds. */
export function treeCpuSeconds(pid: number): number | null {
  const values = processTree(pid).map(cpuSecondsOf);
  return values.some((v) => v === null) ? null : values.reduce<number>((a, v) => a + (v as number), 0);
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
        peakMemory: () => vmTree(pid, 'VmHWM'),
        cpuSeconds: () => treeCpuSeconds(pid),
        privateMemory: () => vmTree(pid, 'RssAnon'),
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
