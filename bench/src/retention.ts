import { spawn } from 'node:child_process';
import path from 'node:path';
import { RETENTION_FINAL_STATUSES } from '@eta/shared';
import { connect, SQLITE_FILE } from '../../apps/server/src/db/connect.ts';
import type { Target } from './databases.ts';
import { type Client, type Percentiles, percentiles } from './http.ts';
import type { Session } from './session.ts';

/** DESIGN §20: the retention job over this many expired orders while staff work (a tenth of a smaller dataset). */
export const RETENTION_ORDERS = 100_000;
const expiredFor = (orders: number) => Math.min(RETENTION_ORDERS, Math.floor(orders / 10));
const MAIN = path.resolve(import.meta.dirname, '../../apps/server/src/main.ts');
const DAY_MS = 86_400_000;

export interface RetentionFigure {
  /** orders whose images and documents the pass removed */
  orders: number;
  seconds: number;
  /** staff calls made one after another while the pass ran, by figure key */
  during: { key: string; label: string; stats: Percentiles }[];
}

/**
 * The period that makes about RETENTION_ORDERS finished orders expire: the age, in whole days, of
 * the RETENTION_ORDERS-th oldest one whose images are still there. A kept dataset loses that many
 * orders' images and documents each run (rows only: the dataset has no files), never its names.
 */
async function daysForExpired(target: Target): Promise<number | null> {
  const wanted = expiredFor(target.dataset.orders);
  const handle = connect({
    databaseUrl: target.databaseUrl,
    preparedStatements: false,
    sqliteFile: path.join(target.dataDir, SQLITE_FILE),
    onIdleError: () => {},
  });
  try {
    const row = await handle.db
      .selectFrom('orders')
      .select('updated_at')
      .where('process_status', 'in', [...RETENTION_FINAL_STATUSES])
      .where('images_removed_at', 'is', null)
      .orderBy('updated_at')
      .offset(wanted - 1)
      .limit(1)
      .executeTakeFirst();
    return row ? Math.floor((Date.now() - Date.parse(row.updated_at)) / DAY_MS) : null;
  } finally {
    await handle.close();
  }
}

/**
 * `npm run retention` (the hourly job's code) in its own process, as a scheduler would run it, on
 * the bench's database while one member works the queues and opens orders, one call after another:
 * the pass's time, and the staff calls' percentiles meanwhile against DESIGN §11's budgets.
 */
export async function measureRetention(
  client: Client,
  session: Session,
  target: Target,
  jwtSecret: string,
): Promise<RetentionFigure | null> {
  const days = await daysForExpired(target);
  if (days === null) return null;
  const started = Date.now();
  const child = spawn(process.execPath, [MAIN, 'retention'], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: target.dataDir,
      JWT_SECRET: jwtSecret,
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      RETENTION_IMAGES_DAYS: String(days),
      RETENTION_DOCUMENTS_DAYS: String(days),
      // names stay: a kept dataset's search figures need them
      RETENTION_PERSONAL_DAYS: '36500',
      AUDIT_RETENTION_DAYS: '36500',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => {
    output += c;
  });
  child.stderr.on('data', (c) => {
    output += c;
  });
  let running = true;
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      running = false;
      resolve(code);
    }),
  );
  const token = session.actor.token;
  const calls: [string, string, (i: number) => Promise<{ status: number; ms: number }>][] = [
    ['counts', 'folder counts', () => client.call('GET', '/api/admin/get-folder-count', token)],
    [
      'list-first',
      'list page 1: New Orders',
      () => client.call('GET', '/api/admin/get-orders-list/newOrder?page=1&limit=10', token),
    ],
    [
      'detail',
      'order detail',
      (i) =>
        client.call(
          'GET',
          `/api/admin/get-orders-details/${encodeURIComponent((session.sample[(i * 7) % session.sample.length] as { order_id: string }).order_id)}`,
          token,
        ),
    ],
  ];
  const times = new Map<string, number[]>(calls.map(([key]) => [key, []]));
  for (let i = 0; running; i += 1) {
    for (const [key, , call] of calls) {
      const reply = await call(i);
      if (reply.status < 200 || reply.status >= 300)
        throw new Error(`${key} answered ${reply.status} during retention`);
      times.get(key)?.push(reply.ms);
    }
  }
  const code = await exited;
  if (code !== 0) throw new Error(`npm run retention exited with ${code}:\n${output.slice(-2000)}`);
  const counts = JSON.parse(output.slice(output.indexOf('{'), output.lastIndexOf('}') + 1)) as { images: number };
  return {
    orders: counts.images,
    seconds: (Date.now() - started) / 1000,
    during: calls.map(([key, label]) => ({ key, label, stats: percentiles(times.get(key) ?? []) })),
  };
}
