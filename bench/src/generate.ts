import { performance } from 'node:perf_hooks';
import { ROLE, type Role } from '@eta/shared';
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../apps/server/src/db/dialect.ts';
import type { Database } from '../../apps/server/src/db/schema.ts';
import * as staffRepo from '../../apps/server/src/modules/staff/staff.repository.ts';
import { creationTimes, planStatuses, STAFF_PLAN, staffEmail } from './plan.ts';
import { createRng } from './rng.ts';
import { createRowBuilder, emptyRows, type NextIds, type OrderRows } from './rows.ts';

/** Where generated rows go: one call per chunk of orders, inside one transaction. */
export interface RowSink {
  write(rows: OrderRows): Promise<void>;
}

export interface GenerateOptions {
  orders: number;
  /** the dataset is a function of the seed (and `now`) */
  seed?: number;
  /** the end of the three years, ms since the epoch */
  now?: number;
  /** orders per transaction */
  chunk?: number;
  /** argon2 hash of BENCH_PASSWORD, stored for every generated member */
  passwordHash: string;
  onProgress?: (done: number, total: number) => void;
}

export interface BenchMember {
  id: number;
  name: string;
  email: string;
  type: Role;
}

export interface GenerateResult {
  orders: number;
  staff: BenchMember[];
  /** rows written per table */
  rows: Record<string, number>;
  /** building rows in memory; writing them (inserts, indexes, triggers, commits) */
  generateSeconds: number;
  importSeconds: number;
}

/** Tables in foreign-key order. */
export const TABLES: readonly (keyof OrderRows)[] = [
  'orders',
  'order_events',
  'order_images',
  'documents',
  'mail_outbox',
  'mail_history',
  'download_history',
  'remarks',
];

/** Rows per statement: under SQLite's 32,766 bound parameters (PostgreSQL allows 65,535). */
export function rowsPerStatement(columns: number): number {
  return Math.max(1, Math.floor(30_000 / columns));
}

/** Portable sink: Kysely multi-row inserts in one transaction per chunk (used by the tests). */
export function kyselySink(db: Kysely<Database>): RowSink {
  return {
    async write(rows) {
      await db.transaction().execute(async (trx) => {
        for (const table of TABLES) {
          const list = rows[table] as Record<string, unknown>[];
          if (list.length === 0) continue;
          const step = rowsPerStatement(Object.keys(list[0] as object).length);
          for (let i = 0; i < list.length; i += step) {
            await trx
              .insertInto(table)
              // biome-ignore lint/suspicious/noExplicitAny: rows are typed per table by OrderRows
              .values(list.slice(i, i + step) as any)
              .execute();
          }
        }
      });
    },
  };
}

async function nextIds(db: Kysely<Database>): Promise<NextIds> {
  const ids = {} as NextIds;
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.max<number | string | null>('id').as('max'))
      .executeTakeFirst();
    ids[table] = Number(row?.max ?? 0) + 1;
  }
  return ids;
}

async function insertStaff(db: Kysely<Database>, passwordHash: string): Promise<BenchMember[]> {
  const members: BenchMember[] = [];
  const at = new Date().toISOString();
  for (const { type, names } of STAFF_PLAN) {
    for (const name of names) {
      const email = staffEmail(name);
      const existing = await staffRepo.findActiveByEmail(db, email);
      const id =
        existing?.id ??
        (await staffRepo.insert(db, {
          name,
          email,
          type,
          password_hash: passwordHash,
          created_at: at,
          updated_at: at,
        }));
      members.push({ id: Number(id), name, email, type });
    }
  }
  return members;
}

/** Explicit ids leave PostgreSQL's sequences behind: move them past the rows written. */
async function syncSequences(db: Kysely<Database>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of TABLES) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), COALESCE((SELECT MAX(id) FROM ${sql.table(table)}), 1))`.execute(
      db,
    );
  }
}

/**
 * A back office of `orders` orders (DESIGN §11 at 1,000,000): staff through the staff repository,
 * then orders and everything around them in chunks, each chunk one transaction. Every counter and
 * report table is kept by the database's own triggers, as for any other write.
 */
export async function generateDataset(
  db: Kysely<Database>,
  options: GenerateOptions,
  sink: RowSink = kyselySink(db),
): Promise<GenerateResult> {
  if (!Number.isInteger(options.orders) || options.orders < 100) throw new Error('orders must be a whole number ≥ 100');
  const seed = options.seed ?? 20_261_122;
  const now = options.now ?? Date.now();
  const chunk = options.chunk ?? 2_000;
  const rng = createRng(seed);

  let buildMs = 0;
  let writeMs = 0;
  let mark = performance.now();
  const staff = await insertStaff(db, options.passwordHash);
  const workers = staff.filter((m) => m.type === ROLE.Team || m.type === ROLE.NightStaff || m.type === ROLE.Manager);
  const ids = await nextIds(db);
  const times = creationTimes(options.orders, now, rng);
  const plan = planStatuses(times, now, seed);
  const build = createRowBuilder(rng, workers, now);
  const counts: Record<string, number> = Object.fromEntries(TABLES.map((t) => [t, 0]));
  buildMs += performance.now() - mark;

  for (let start = 0; start < options.orders; start += chunk) {
    mark = performance.now();
    const rows = emptyRows();
    const end = Math.min(options.orders, start + chunk);
    for (let i = start; i < end; i += 1) {
      build(rows, ids, i, times[i] as number, plan.status[i] as number, plan.held[i] === 1);
    }
    const built = performance.now();
    buildMs += built - mark;
    await sink.write(rows);
    writeMs += performance.now() - built;
    for (const table of TABLES) counts[table] = (counts[table] as number) + rows[table].length;
    options.onProgress?.(end, options.orders);
  }
  mark = performance.now();
  await syncSequences(db);
  writeMs += performance.now() - mark;
  return {
    orders: options.orders,
    staff,
    rows: counts,
    generateSeconds: buildMs / 1000,
    importSeconds: writeMs / 1000,
  };
}
