import type { Kysely } from 'kysely';
import { directRows, listeningRows, type RowSource } from '../../db/row-cache.ts';
import type { Database, StaffRow } from '../../db/schema.ts';
import type { MemberSource } from '../../lib/staff-auth.ts';
import { findActiveById } from './staff.repository.ts';

/** The channel migration 025's trigger announces changed staff rows on. */
export const STAFF_CHANGED_CHANNEL = 'eta_staff_changed';

const asMembers = (rows: RowSource<number, StaffRow>): MemberSource => ({
  findActive: (id) => rows.find(id),
  forget: (id) => rows.forget(id),
  close: () => rows.close(),
});

/** SQLite: the member is read on every request (a primary-key read, about 20 µs). */
export function directMembers(db: Kysely<Database>): MemberSource {
  return asMembers(directRows((id: number) => findActiveById(db, id)));
}

/** PostgreSQL: members kept in memory, dropped the moment any instance changes one (db/row-cache.ts). */
export function listeningMembers(
  db: Kysely<Database>,
  databaseUrl: string,
  log: { warn(obj: object, msg: string): void },
): MemberSource {
  return asMembers(
    listeningRows({
      databaseUrl,
      channel: STAFF_CHANGED_CHANNEL,
      read: (id: number) => findActiveById(db, id),
      keyOf: Number,
      log,
    }),
  );
}
