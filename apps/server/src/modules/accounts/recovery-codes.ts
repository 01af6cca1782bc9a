import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@eta/shared';

/** Letters and digits that read unambiguously aloud and on paper (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of ten characters (about 49 bits each), shown as `abcde-23456`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * The stored form: SHA-256 of the code as typed in any case, with or without its dash. A random
 * 49-bit code is beyond guessing offline, so a slow hash would only slow every sign-in down.
 */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
}
