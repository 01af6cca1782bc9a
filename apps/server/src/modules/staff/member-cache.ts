import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Database, StaffRow } from '../../db/schema.ts';
import type { MemberSource } from '../../lib/staff-auth.ts';
import { findActiveById } from './staff.repository.ts';

/** The channel migration 025's trigger announces changed staff rows on. */
export const STAFF_CHANGED_CHANNEL = 'eta_staff_changed';
/** wait before listening again after the listening connection was lost */
const RECONNECT_MS = 1000;
/** staff rows kept at most (a business has dozens of members; this only bounds a misuse) */
const MAX_MEMBERS = 10_000;
/**
 * A member is read again after this long even if nothing was heard: the bound on a stale member
 * if the listening connection were cut without this instance noticing (a silent network fault).
 */
const KEEP_MS = 10_000;

/** SQLite: a read by primary key costs about 20 µs there; nothing to keep. */
export function directMembers(db: Kysely<Database>): MemberSource {
  return { findActive: (id) => findActiveById(db, id), forget: () => {}, close: async () => {} };
}

/**
 * PostgreSQL: the guard's read of the member was a third of the statements of a working day
 * (about 150 µs of CPU a round trip, issue 8). Members read are kept in memory, and dropped the
 * moment any instance changes one: migration 025's trigger notifies on commit, and this instance
 * listens on a connection of its own. While that connection is down (database restart, network),
 * nothing is kept and every request reads the member, so a revoked token does not outlive its
 * revocation by more than the notification's delivery, or KEEP_MS if the connection died silently.
 */
export function listeningMembers(
  db: Kysely<Database>,
  databaseUrl: string,
  log: { warn(obj: object, msg: string): void },
): MemberSource {
  const kept = new Map<number, { row: StaffRow; at: number }>();
  let listening = false;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  /** bumped by every change heard and every lost connection: a read begun before it is not kept */
  let generation = 0;

  const forgetAll = () => {
    listening = false;
    generation += 1;
    kept.clear();
  };

  const listen = async () => {
    retry = null;
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    client = next;
    const lost = (error?: Error) => {
      if (client !== next) return;
      forgetAll();
      client = null;
      next.end().catch(() => {});
      if (closed) return;
      if (error)
        log.warn({ err: error }, 'staff change listener lost; members are read on every request until it is back');
      retry = setTimeout(() => void listen(), RECONNECT_MS).unref();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      generation += 1;
      kept.delete(Number(message.payload));
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${STAFF_CHANGED_CHANNEL}`);
      if (client === next && !closed) listening = true;
    } catch (error) {
      lost(error as Error);
    }
  };
  void listen();

  return {
    async findActive(id) {
      const hit = listening ? kept.get(id) : undefined;
      if (hit && Date.now() - hit.at < KEEP_MS) return hit.row;
      const before = generation;
      const wasListening = listening;
      const row = await findActiveById(db, id);
      // kept only if the channel was heard throughout the read and nothing changed meanwhile
      if (row && wasListening && listening && generation === before) {
        if (kept.size >= MAX_MEMBERS) kept.clear();
        kept.set(id, { row, at: Date.now() });
      }
      return row;
    },
    forget(id) {
      generation += 1;
      kept.delete(id);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      forgetAll();
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
