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
  return { server: treeCpuSeconds(serverPid) ?? 0, backends };
}

/** CPU seconds between two snapshots: the server's, and its backends' (new ones counted whole). */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): { server: number; database: number } {
  let database = 0;
  for (const [pid, seconds] of after.backends) database += seconds - (before.backends.get(pid) ?? 0);
  return { server: after.server - before.server, database };
}
