import { ACCOUNT_MSG, REAUTH_MINUTES, REAUTH_REQUIRED_DATA } from '@eta/shared';
import type { StaffSessionRow } from '../db/schema.ts';
import { AppError } from './app-error.ts';
import type { SessionSource } from './staff-auth.ts';

/*
 * What a session proves (DESIGN §22), read by the staff guard on every request and by the
 * services that open, upgrade and confirm sessions: written once here.
 */

/** The second factor a sign-in proved, beside the password; null: the password alone. */
export type SecondFactor = 'totp' | 'recovery';

/** `staff_sessions.factors` as stored: `password`, `password,totp` or `password,recovery`. */
export const factorsOf = (second: SecondFactor | null): string => (second ? `password,${second}` : 'password');

/** The session was opened (or has since enrolled) with a second factor: REQUIRE_2FA is satisfied by it. */
export const openedWithSecondFactor = (session: Pick<StaffSessionRow, 'factors'>): boolean =>
  session.factors.split(',').some((factor) => factor === 'totp' || factor === 'recovery');

const REAUTH_MS = REAUTH_MINUTES * 60_000;

/** The session confirmed it is its member (POST /api/admin/reauth) within the last REAUTH_MINUTES. */
export function confirmedRecently(session: Pick<StaffSessionRow, 'confirmed_at'>, now: number): boolean {
  if (!session.confirmed_at) return false;
  const at = Date.parse(session.confirmed_at);
  return at <= now && now - at < REAUTH_MS;
}

/** When a confirmation made at `at` stops holding. */
export const confirmationEnds = (at: number): string => new Date(at + REAUTH_MS).toISOString();

/** 403 `{ status: 0, message: 'Confirm it is you to continue.', data: { reauthRequired: true } }`. */
export const confirmationRequired = (): AppError => new AppError(403, ACCOUNT_MSG.reauthRequired, REAUTH_REQUIRED_DATA);

/**
 * The session as the database has it now. A kept copy (PostgreSQL, session-source.ts) is dropped
 * when any instance changes the row, but the notification may still be on its way when the same
 * member's next request lands here (a confirmation made on another instance, then the retried call):
 * before refusing on what the copy says, the guard reads the row once more.
 */
export async function freshSession(sessions: SessionSource, sid: string): Promise<StaffSessionRow | undefined> {
  sessions.forget(sid);
  return sessions.findOpen(sid);
}

/**
 * Passes when the session confirmed within REAUTH_MINUTES, else throws the 403 asking for it. For the
 * routes whose need depends on their body (an Admin added or changed): the others say so in their
 * contract (`access.reauth`) and the staff guard asks.
 */
export async function assertConfirmed(sessions: SessionSource, session: StaffSessionRow, now: number): Promise<void> {
  if (confirmedRecently(session, now)) return;
  const fresh = await freshSession(sessions, session.id);
  if (!fresh || !confirmedRecently(fresh, now)) throw confirmationRequired();
}
