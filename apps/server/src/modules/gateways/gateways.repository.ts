import type { Kysely, Transaction } from 'kysely';
import { lockForUpdate } from '../../db/dialect.ts';
import type { Database, GatewayRow } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function listAll(db: Db): Promise<GatewayRow[]> {
  return db.selectFrom('payment_gateways').selectAll().orderBy('is_secondary_domain').orderBy('id').execute();
}

export function findById(db: Db, id: number): Promise<GatewayRow | undefined> {
  return db.selectFrom('payment_gateways').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Locks a domain's rows until the transaction ends: FOR UPDATE on PostgreSQL; SQLite's write
 * transaction already holds the database (db/dialect.ts lockForUpdate).
 */
export async function lockDomain(db: Db, secondary: number): Promise<void> {
  // Sorted, so every transaction takes the row locks in the same order (a deadlock is also retried).
  const rows = db
    .selectFrom('payment_gateways')
    .select('id')
    .where('is_secondary_domain', '=', secondary)
    .orderBy('id');
  await lockForUpdate(db, rows).execute();
}

/** Deactivate the domain's current gateway, then activate the chosen one: one active per domain. */
export async function activate(db: Db, id: number, secondary: number, at: string): Promise<void> {
  await db
    .updateTable('payment_gateways')
    .set({ is_active: 0, updated_at: at })
    .where('is_secondary_domain', '=', secondary)
    .where('is_active', '=', 1)
    .execute();
  await db.updateTable('payment_gateways').set({ is_active: 1, updated_at: at }).where('id', '=', id).execute();
}

export async function insertMissing(db: Db, names: readonly string[], at: string): Promise<number> {
  const existing = await listAll(db);
  const rows = [0, 1].flatMap((secondary) =>
    names
      .filter((name) => !existing.some((g) => g.gateway_name === name && g.is_secondary_domain === secondary))
      .map((name) => ({
        gateway_name: name,
        is_secondary_domain: secondary,
        is_active: 0,
        created_at: at,
        updated_at: at,
      })),
  );
  if (rows.length > 0) await db.insertInto('payment_gateways').values(rows).execute();
  return rows.length;
}

/** A domain with no active gateway gets the first one, so payments never stop for want of a choice. */
export async function ensureOneActivePerDomain(db: Db, at: string): Promise<void> {
  const all = await listAll(db);
  for (const secondary of [0, 1]) {
    const domain = all.filter((g) => g.is_secondary_domain === secondary);
    const first = domain[0];
    if (first && !domain.some((g) => g.is_active === 1)) await activate(db, first.id, secondary, at);
  }
}

/** The gateway active on each domain now (null: none): who takes an order's payment as it arrives (DESIGN §15). */
export async function activeByDomain(db: Db): Promise<{ primary: string | null; secondary: string | null }> {
  const rows = await db
    .selectFrom('payment_gateways')
    .select(['gateway_name', 'is_secondary_domain'])
    .where('is_active', '=', 1)
    .execute();
  const of = (secondary: number) => rows.find((r) => Number(r.is_secondary_domain) === secondary)?.gateway_name ?? null;
  return { primary: of(0), secondary: of(1) };
}
