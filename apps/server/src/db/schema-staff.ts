import type { Generated } from 'kysely';

/**
 * The staff side of the database types (schema.ts holds the rest and the Database map): members,
 * their sessions and second factors, and the logs of what they did and read (DESIGN §16, §17).
 */
export interface StaffTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  type: string;
  /** bumped on password change and deletion: tokens carrying an older value are dead */
  token_version: Generated<number>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** TOTP secret (base32): two-factor sign-in is on when two_factor_enabled_at is set (DESIGN §17) */
  totp_secret: Generated<string | null>;
  /** a secret handed out by set-up, waiting for its first code */
  totp_pending_secret: Generated<string | null>;
  /** the newest RFC 6238 time step accepted: a code is never taken twice */
  totp_last_step: Generated<number | null>;
  two_factor_enabled_at: Generated<string | null>;
}

/** One sign-in (DESIGN §17): the token's `sid`. */
export interface StaffSessionsTable {
  id: string;
  staff_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
  revoked_at: string | null;
  /** what the sign-in proved (DESIGN §22): `password`, or `password,totp` / `password,recovery` */
  factors: string;
  /** the last "confirm it is you" (POST /api/admin/reauth), or null */
  confirmed_at: string | null;
}

export interface StaffRecoveryCodesTable {
  id: Generated<number>;
  staff_id: number;
  /** SHA-256 of the normalised code (ten random characters: no need for a slow hash) */
  code_hash: string;
  used_at: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  staff_id: number;
  /** SHA-256 of the link's token */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A staff read of an order's personal data (DESIGN §16, migration 060). */
export interface AccessLogTable {
  id: Generated<number>;
  at: string;
  member_id: number | null;
  ip: string | null;
  action: string;
  /** the order's public id */
  order_id: string;
  detail: string | null;
}

/** Accounts, team, gateways, erasures, exports and retention runs (DESIGN §16, migration 060). */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  member_id: number | null;
  action: string;
  target: string | null;
  /** JSON object */
  detail: string | null;
  ip: string | null;
  user_agent: string | null;
}

/** Files to delete, queued with the change that let them go (DESIGN §16, 061). */
export interface FileDeletionsTable {
  id: Generated<number>;
  folder: string;
  file_name: string;
  created_at: string;
}
