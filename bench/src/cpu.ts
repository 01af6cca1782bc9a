import { readFileSync } from 'node:fs';
import pg from 'pg';
import { cpuSecondsOf, treeCpuSeconds } from './children.ts';

/**
 * CPU spent by the server and, on PostgreSQL, by its database backends: read from /proc, so it does
 * not depend on what else the machine is running (wall-clock figures do). Divided by the requests
 * served it gives the cost of a request, and so the most one core could serve.
 */
export interface CpuSnapshot {
  server: number;
  backends: Map<number, number>;
  machine: MachineTicks | null;
}

/** The machine's CPU time so far (/proc/stat, all cores), and the part the hypervisor gave to others. */
interface MachineTicks {
  total: number;
  stolen: number;
}

function machineTicks(): MachineTicks | null {
  try {
    const [, ...fields] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
    const ticks = fields.slice(0, 8).map(Number);
    if (ticks.length < 8 || ticks.some((n) => !Number.isFinite(n))) return null;
    return { total: ticks.reduce((a, b) => a + b, 0), stolen: ticks[7] as number };
  } catch {
    return null;
  }
}

async function backendPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows.map((r: { pid: number }) => r.pid);
  } finally {
    await client.end();
  }
}

export async function cpuSnapshot(serverPid: number, databaseUrl: string | null): Promise<CpuSnapshot> {
  const backends = new Map<number, number>();
  if (databaseUrl) for (const pid of await backendPids(databaseUrl)) backends.set(pid, cpuSecondsOf(pid) ?? 0);
  return { server: treeCpuSeconds(serverPid) ?? 0, backends, machine: machineTicks() };
}

/**
 * CPU seconds between two snapshots: the server's, and its backends' (new ones counted whole); and
 * the share of the machine's time the hypervisor gave to other machines meanwhile (steal), which
 * slows every figure of the run without showing in any of our processes (null outside a VM's Linux).
 */
export function cpuBetween(
  before: CpuSnapshot,
  after: CpuSnapshot,
): { server: number; database: number; stolenShare: number | null } {
  let database = 0;
  for (const [pid, seconds] of after.backends) database += seconds - (before.backends.get(pid) ?? 0);
  const ticks =
    before.machine && after.machine
      ? { total: after.machine.total - before.machine.total, stolen: after.machine.stolen - before.machine.stolen }
      : null;
  const stolenShare = ticks && ticks.total > 0 ? ticks.stolen / ticks.total : null;
  return { server: after.server - before.server, database, stolenShare };
}
