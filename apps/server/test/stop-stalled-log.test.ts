import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { droppingOutput } from '../src/lib/log-output.ts';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
const METRICS = 'stall-metrics-token-0123456789';
/** DESIGN §22, "Stopping": the bound this test holds the server to, from SIGTERM to exit */
const STOP_BOUND_MS = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  child: ChildProcess;
  base: string;
  stderr(): string;
}

const started: { child: ChildProcess; dataDir: string }[] = [];
afterEach(() => {
  for (const { child, dataDir } of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/**
 * `npm start` with stdout a pipe that this test reads until the server says where it listens, and
 * then never again: a log shipper that stalled.
 */
async function startWithStalledLog(workers: number): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eta-stall-'));
  const child = spawn(process.execPath, [MAIN, 'start'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WORKERS: String(workers),
      PORT: '0',
      LOG_LEVEL: 'info',
      JWT_SECRET: 's'.repeat(40),
      METRICS_TOKEN: METRICS,
      REQUIRE_2FA: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push({ child, dataDir });
  let stdout = '';
  let stderr = '';
  const read = (chunk: Buffer) => {
    stdout += chunk;
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  let base = '';
  for (let i = 0; i < 600 && !base; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
    await sleep(100);
    base = /sign in at (\S+)\//.exec(stdout)?.[1] ?? '';
  }
  if (!base) throw new Error(`the server did not start: ${stdout}${stderr}`);
  child.stdout?.off('data', read);
  child.stdout?.pause();
  return { child, base, stderr: () => stderr };
}

/** `count` requests with long paths, 20 at a time: each one's log line carries its 8 kB path. */
async function logALot(base: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  const long = 'x'.repeat(8_000);
  for (let i = 0; i < count; i += 20) {
    const batch = Array.from({ length: 20 }, async () => (await fetch(`${base}/api/nothing/${long}`)).status);
    statuses.push(...(await Promise.all(batch)));
  }
  return statuses;
}

/** Milliseconds from SIGTERM to exit, or Infinity when it outlives the bound (the test fails on it). */
async function stopTime(child: ChildProcess): Promise<{ ms: number; code: number | null }> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const sent = Date.now();
  child.kill('SIGTERM');
  const code = await Promise.race([exited, sleep(STOP_BOUND_MS + 5_000).then(() => 'alive' as const)]);
  return code === 'alive' ? { ms: Number.POSITIVE_INFINITY, code: null } : { ms: Date.now() - sent, code };
}

/** DESIGN §22 "Stopping" (issue 31, finding 7). */
describe('a server whose log output stopped draining', () => {
  it('keeps answering, counts the lines it drops, and exits within 15 s of SIGTERM', async () => {
    const server = await startWithStalledLog(1);
    // far more than the pipe and the 4 MB the process keeps waiting for it
    const statuses = await logALot(server.base, 700);
    expect(statuses.every((status) => status === 404)).toBe(true);
    const metrics = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${METRICS}` } });
    const dropped = Number(/^log_lines_dropped_total (\d+)/m.exec(await metrics.text())?.[1]);
    const stop = await stopTime(server.child);
    expect(stop.ms).toBeLessThan(STOP_BOUND_MS);
    expect(stop.code).toBe(0);
    expect(dropped).toBeGreaterThan(0);
    expect(server.stderr()).toMatch(/\d+ log line\(s\) dropped/);
  }, 90_000);

  it('with several server processes (WORKERS=2) too', async () => {
    const server = await startWithStalledLog(2);
    const statuses = await logALot(server.base, 300);
    expect(statuses.every((status) => status === 404)).toBe(true);
    const stop = await stopTime(server.child);
    expect(stop.ms).toBeLessThan(STOP_BOUND_MS);
  }, 90_000);
});

describe('the log output', () => {
  it('drops and counts lines while its stream is full, never waits on it, and drains when it is read again', async () => {
    // a real socket whose other end stops reading: the kernel's buffers fill, then the stream's
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
    const socket = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const reader = await accepted;
    reader.pause();
    try {
      const output = droppingOutput(socket, 64 * 1024);
      const line = `${'y'.repeat(1_000)}\n`;
      for (let i = 0; i < 20_000 && output.dropped() === 0; i += 1) output.write(line);
      expect(output.dropped()).toBeGreaterThan(0);
      expect(await output.drained(Date.now() + 200)).toBe(false);
      reader.resume();
      expect(await output.drained(Date.now() + 30_000)).toBe(true);
    } finally {
      socket.destroy();
      reader.destroy();
      server.close();
    }
  });
});
