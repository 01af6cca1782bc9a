import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * TOTP secrets sealed at rest (AES-256-GCM): a database dump or a backup copied elsewhere holds the
 * second factor of no one, since the key is derived from JWT_SECRET, which lives in the
 * environment (or DATA_DIR), never in the database. A new JWT_SECRET makes the sealed secrets
 * unreadable: members then enrol again after an Admin resets their 2FA (docs/operations/data.md, Data).
 */
const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretSeal {
  seal(plain: string): string;
  /** the secret, or null when it was sealed under another key or is damaged */
  open(stored: string): string | null;
}

export function createSecretSeal(jwtSecret: string): SecretSeal {
  const key = Buffer.from(hkdfSync('sha256', jwtSecret, 'eta-desk', 'totp-secret-seal', 32));
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored) {
      if (!stored.startsWith(VERSION)) return null;
      const raw = Buffer.from(stored.slice(VERSION.length), 'base64url');
      if (raw.length <= IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
