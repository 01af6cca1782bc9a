import argon2 from 'argon2';
import type { Config } from '../../config.ts';
import type { PasswordHasher } from '../../lib/staff-auth.ts';

/** argon2id with the OWASP parameters of DESIGN §10 (tests may lower memory through config). */
export function createPasswordHasher(params: Config['argon2']): PasswordHasher {
  const options = { type: argon2.argon2id as 2, ...params };
  // A hash to verify against when the email is unknown, so both failures take the same time.
  let decoy: Promise<string> | null = null;
  return {
    hash: (password: string) => argon2.hash(password, options),
    async verify(hash: string | null, password: string): Promise<boolean> {
      decoy ??= argon2.hash('decoy-password-for-unknown-accounts', options);
      const target = hash ?? (await decoy);
      const valid = await argon2.verify(target, password).catch(() => false);
      return hash !== null && valid;
    },
  };
}
