import { isRole, type TokenUser } from '@eta/shared';
import { jwtVerify, SignJWT } from 'jose';

/**
 * Staff tokens: HS256 JWTs with exp and iat (DESIGN §2). The payload carries `user` so the web can
 * decode user.name and user.type (SPEC §3) and `ver`, the staff member's token version, so a
 * password change or a deletion kills every earlier token.
 */
export interface StaffClaims {
  user: TokenUser;
  ver: number;
}

export function createTokenService(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'iat'] });
        const user = payload.user as Partial<TokenUser> | undefined;
        if (!user || typeof user.id !== 'number' || !isRole(user.type) || typeof payload.ver !== 'number') return null;
        return { user: user as TokenUser, ver: payload.ver };
      } catch {
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
