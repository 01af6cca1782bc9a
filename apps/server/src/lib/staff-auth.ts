import type { TokenUser } from '@eta/shared';
import type { StaffRow } from '../db/schema.ts';

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

/** What a staff token carries: the user the web shows, and the member's token version. */
export interface StaffClaims {
  user: TokenUser;
  ver: number;
}

/** Staff tokens (modules/auth/tokens.ts). */
export interface TokenService {
  sign(user: TokenUser, ver: number): Promise<string>;
  /** null for anything that is not a valid, unexpired token of ours. */
  verify(token: string): Promise<StaffClaims | null>;
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
