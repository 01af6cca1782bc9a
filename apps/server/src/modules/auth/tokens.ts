import { isRole, type TokenUser } from '@eta/shared';
import { jwtVerify, SignJWT } from 'jose';
import type { StaffClaims, TokenService } from '../../lib/staff-auth.ts';

/** verified tokens remembered at most; one per signed-in session, a busy office has a few dozen */
const VERIFIED_MAX = 10_000;

/**
 * Staff tokens: HS256 JWTs with exp and iat (DESIGN §2). The payload carries `user` so the web can
 * decode user.name and user.type (SPEC §3) and `ver`, the staff member's token version, so a
 * password change or a deletion kills every earlier token.
 */
export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  /**
   * Every staff request carries the same token for hours; checking its HMAC again each time cost a
   * quarter of a simple request (issue 8). A token is remembered by its exact text, signature
   * included, until its own `exp`; revocation is unaffected, since the guard still compares the
   * token version with the member's row on every request.
   */
  const verified = new Map<string, { claims: StaffClaims; expiresAt: number }>();
  const remember = (token: string, claims: StaffClaims, exp: number | undefined) => {
    if (typeof exp !== 'number') return;
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims, expiresAt: exp * 1000 });
  };
  return {
    async sign(user: TokenUser, ver: number): Promise<string> {
      return new SignJWT({ user, ver })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** null for anything that is not a valid, unexpired token of ours. */
    async verify(token: string): Promise<StaffClaims | null> {
      const known = verified.get(token);
      if (known) {
        // jose refuses a token at its exp second; so does this
        if (Date.now() < known.expiresAt) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'iat'] });
        const user = payload.user as Partial<TokenUser> | undefined;
        if (!user || typeof user.id !== 'number' || !isRole(user.type) || typeof payload.ver !== 'number') return null;
        const claims = { user: user as TokenUser, ver: payload.ver };
        remember(token, claims, payload.exp);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
