import { SESSION_TOUCH_MS } from '@eta/shared';
import type { Kysely } from 'kysely';
import { directRows, listeningRows, type RowSource } from '../../db/row-cache.ts';
import type { Database, StaffSessionRow } from '../../db/schema.ts';
import type { SessionSource } from '../../lib/staff-auth.ts';
import * as sessionsRepo from './sessions.repository.ts';

/** The channel migration 050's trigger announces revoked sessions on. */
export const SESSION_REVOKED_CHANNEL = 'eta_session_revoked';
/** sessions whose last write this process remembers (one per signed-in member; bounds a misuse) */
const TOUCHED_MAX = 10_000;

type Log = { warn(obj: object, msg: string): void };

/**
 * The session behind a token, kept like the member (db/row-cache.ts): read on every request on
 * SQLite, kept in memory on PostgreSQL and dropped when any instance revokes it. `last_seen_at` is
 * written at most once a minute per session and process, after the reply's read, never in its way.
 */
function sessionsFrom(db: Kysely<Database>, rows: RowSource<string, StaffSessionRow>, log: Log): SessionSource {
  const touched = new Map<string, number>();
  return {
    findOpen: (sid) => rows.find(sid),
    forget: (sid) => {
      touched.delete(sid);
      rows.forget(sid);
    },
    touch(session, now) {
      const last = touched.get(session.id) ?? Date.parse(session.last_seen_at);
      if (now - last < SESSION_TOUCH_MS) {
        if (!touched.has(session.id)) remember(touched, session.id, last);
        return;
      }
      remember(touched, session.id, now);
      sessionsRepo
        .touch(db, session.id, new Date(now).toISOString())
        .catch((error: unknown) => log.warn({ err: error }, 'could not record a session as seen'));
    },
    close: () => rows.close(),
  };
}

function remember(touched: Map<string, number>, id: string, at: number) {
  if (touched.size >= TOUCHED_MAX) touched.delete(touched.keys().next().value as string);
  touched.set(id, at);
}

export function directSessions(db: Kysely<Database>, log: Log): SessionSource {
  return sessionsFrom(
    db,
    directRows((sid: string) => sessionsRepo.findOpen(db, sid)),
    log,
  );
}

export function listeningSessions(db: Kysely<Database>, databaseUrl: string, log: Log): SessionSource {
  const rows = listeningRows({
    databaseUrl,
    channel: SESSION_REVOKED_CHANNEL,
    read: (sid: string) => sessionsRepo.findOpen(db, sid),
    keyOf: (payload) => payload,
    log,
  });
  return sessionsFrom(db, rows, log);
}
