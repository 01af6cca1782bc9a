import type { TokenUser } from '@eta/shared';
import type { StaffRow, StaffSessionRow } from '../db/schema.ts';

/*
 * What every part of the app may ask about staff credentials, whatever implements it: the context
 * (context.ts) carries these, the auth module and the member cache implement them, and the staff
 * guard, the team screens and the seeds use them without reaching into either.
 */

/** argon2id hashes of staff passwords (modules/auth/passwords.ts). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** false for a null hash too, taking as long as a real check */
  verify(hash: string | null, password: string): Promise<boolean>;
}

/** What a staff token carries: the user the web shows, the member's token version, and its session. */
export interface StaffClaims {
  user: TokenUser;
  ver: number;
  /** the session it belongs to (DESIGN §17): revoked, the token is dead */
  sid: string;
}

/** Between password and code (DESIGN §17): who is signing in, for five minutes. */
export interface ChallengeClaims {
  staffId: number;
  ver: number;
  /** this challenge's own id: wrong codes are counted against it */
  jti: string;
}

/** Staff tokens and sign-in challenges (modules/auth/tokens.ts). */
export interface TokenService {
  sign(user: TokenUser, ver: number, sid: string): Promise<string>;
  /** null for anything that is not a valid, unexpired token of ours. */
  verify(token: string): Promise<StaffClaims | null>;
  /** `now`: the app's clock (ms), so tests can let a challenge expire */
  signChallenge(staffId: number, ver: number, now: number): Promise<string>;
  /** null for anything that is not a valid, unexpired challenge of ours (never a staff token). */
  verifyChallenge(challenge: string, now: number): Promise<ChallengeClaims | null>;
}

/** The member behind a token, as the staff guard needs it on every request (modules/staff/member-cache.ts). */
export interface MemberSource {
  findActive(id: number): Promise<StaffRow | undefined>;
  /**
   * This instance just changed the member (after its transaction committed): forgotten at once,
   * not when the notification comes back, so the member's next request here already sees it.
   */
  forget(id: number): void;
  close(): Promise<void>;
}

/** The session behind a token, as the staff guard needs it on every request (modules/accounts/session-source.ts). */
export interface SessionSource {
  /** the session, unless it was revoked */
  findOpen(sid: string): Promise<StaffSessionRow | undefined>;
  /** this instance just revoked it: forgotten at once (other instances hear of it from the database) */
  forget(sid: string): void;
  /** the session made a request now: last_seen_at is written at most once a minute */
  touch(session: StaffSessionRow, now: number): void;
  close(): Promise<void>;
}
