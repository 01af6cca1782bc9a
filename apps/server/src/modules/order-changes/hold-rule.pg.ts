import { type HoldWrite, holdBlocks, ORDER_STATUSES, type Role } from '@eta/shared';
import { sql } from 'kysely';
import { statusLiterals } from '../../db/literals.ts';

/*
 * A change from the order detail is, in the common case, one PostgreSQL statement: each statement
 * is a round trip (about 150 µs of CPU between node-pg and the server, issue 8), and the
 * transaction of move-in-transaction.ts took five or six. The statement locks the order, writes only when
 * the order's status is one the member may write from (the sets below, worked out from the shared
 * rules: transitions.ts and hold.ts, never restated), and logs the event. When it writes nothing
 * the caller runs the whole transaction of move-in-transaction.ts instead, which finds the order again
 * and answers exactly as before: 404, 409 with the holder, 403, 400, or the change itself if the
 * order moved on in between. The rule reads the locked row, never the UPDATE's own scan, which sees
 * the statement's snapshot (holds.pg.ts).
 */

/** Statuses a member may write from: `free` whatever the hold, `guarded` only when not held by another. */
export interface WritableFrom {
  free: string[];
  guarded: string[];
}

/** `allowed` narrowed by the hold rule of DESIGN §6 (holdBlocks) for a member of type `role` and a kind of write. */
export function writableFrom(role: Role, allowed: readonly string[], write: HoldWrite = 'work'): WritableFrom {
  const free: string[] = [];
  const guarded: string[] = [];
  for (const status of allowed) {
    const blocked = holdBlocks(role, { process_status: status, held: true, heldByMe: false }, write);
    (blocked ? guarded : free).push(status);
  }
  return { free, guarded };
}

const remarkSets = new Map<Role, WritableFrom>();
/** Where a remark may be written: a note, which the hold lets through for whoever may leave one (DESIGN §23). */
export function remarkableFrom(role: Role): WritableFrom {
  let sets = remarkSets.get(role);
  if (!sets) {
    sets = writableFrom(role, ORDER_STATUSES, 'note');
    remarkSets.set(role, sets);
  }
  return sets;
}

/** the hold rule on the locked row (`locked`), for the sets of writableFrom */
export function writable(sets: WritableFrom, staffId: number) {
  return sql<boolean>`(${among(sets.free)}
    or (${among(sets.guarded)} and (locked.assigned_to is null or locked.assigned_to = ${staffId}::integer)))`;
}

/** the locked order's status is one of `statuses`, written in (db/literals.ts statusLiterals) */
function among(statuses: readonly string[]) {
  return statuses.length === 0 ? sql`false` : sql`locked.process_status in (${sql.join(statusLiterals(statuses))})`;
}
