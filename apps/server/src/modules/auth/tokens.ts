import { randomUUID } from 'node:crypto';
import { isRole, type TokenUser, TWO_FACTOR_CHALLENGE_MINUTES } from '@eta/shared';
import { jwtVerify, SignJWT } from 'jose';
import type { ChallengeClaims, StaffClaims, TokenService } from '../../lib/staff-auth.ts';

/** verified tokens remembered at most; one per signed-in session, a busy office has a few dozen */
const VERIFIED_MAX = 10_000;
/** A challenge is for the code step only: its audience keeps it from ever passing as a staff token. */
const CHALLENGE_AUDIENCE = 'eta-desk:2fa-challenge';

/**
 * Staff tokens: HS256 JWTs with exp and iat (DESIGN §2). The payload carries `user` so the web can
 * decode user.name and user.type (SPEC §3), `ver`, the staff member's token version, so a deletion
 * kills every earlier token, and `sid`, the session (DESIGN §17), so a logout or a revocation kills this one.
 */
export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  /**
   * Every staff request carries the same token for hours; checking its HMAC again each time cost a
   * quarter of a simple request (issue 8). A token is remembered by its exact text, signature
   * included, until its own `exp`; revocation is unaffected, since the guard still checks the
   * member's token version and the session on every request.
   */
  const verified = new Map<string, { claims: StaffClaims; expiresAt: number }>();
  const remember = (token: string, claims: StaffClaims, exp: number | undefined) => {
    if (typeof exp !== 'number') return;
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims, expiresAt: exp * 1000 });
  };
  return {
    async sign(user: TokenUser, ver: number, sid: string): Promise<string> {
      return new SignJWT({ user, ver, sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
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
        if (!user || typeof user.id !== 'number' || !isRole(user.type)) return null;
        if (typeof payload.ver !== 'number' || typeof payload.sid !== 'string' || payload.aud !== undefined)
          return null;
        const claims = { user: user as TokenUser, ver: payload.ver, sid: payload.sid };
        remember(token, claims, payload.exp);
        return claims;
      } catch {
        return null;
      }
    },
    async signChallenge(staffId: number, ver: number, now: number): Promise<string> {
      const iat = Math.floor(now / 1000);
      return new SignJWT({ staffId, ver })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setAudience(CHALLENGE_AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt(iat)
        .setExpirationTime(iat + TWO_FACTOR_CHALLENGE_MINUTES * 60)
        .sign(key);
    },
    async verifyChallenge(challenge: string, now: number): Promise<ChallengeClaims | null> {
      try {
        const { payload } = await jwtVerify(challenge, key, {
          algorithms: ['HS256'],
          audience: CHALLENGE_AUDIENCE,
          requiredClaims: ['exp', 'iat', 'jti'],
          currentDate: new Date(now),
        });
        if (typeof payload.staffId !== 'number' || typeof payload.ver !== 'number' || !payload.jti) return null;
        return { staffId: payload.staffId, ver: payload.ver, jti: payload.jti };
      } catch {
        return null;
      }
    },
  };
}
