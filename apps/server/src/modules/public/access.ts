import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PUBLIC_ACCESS_TTL_SECONDS } from '@eta/shared';
import { jwtVerify, SignJWT } from 'jose';

/**
 * Customer tokens (DESIGN §8) under keys derived from JWT_SECRET for their own purpose, so a public
 * token never verifies as a staff token nor the other way round, and an access token is never a link.
 * - The order access token is an HS256 JWT like the staff token, its subject the order id.
 * - A download link is `{jti}.{HMAC of jti}`: short enough for a path segment; its order, document,
 *   expiry and single use live in the download_links row the jti names.
 */
const ACCESS = 'public-order';
const LINK = 'public-download';

const deriveKey = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest();

/** Times come from the app's clock so tests can move them. */
export function createPublicTokens(secret: string, clock: () => number) {
  const accessKey = deriveKey(secret, ACCESS);
  const linkKey = deriveKey(secret, LINK);
  const linkMac = (jti: string) => createHmac('sha256', linkKey).update(jti).digest();

  return {
    /** An order access token: proves order id + email were given, for 30 minutes. */
    async signAccess(orderId: string): Promise<string> {
      const iat = Math.floor(clock() / 1000);
      return new SignJWT({ purpose: ACCESS })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(orderId)
        .setIssuedAt(iat)
        .setExpirationTime(iat + PUBLIC_ACCESS_TTL_SECONDS)
        .sign(accessKey);
    },

    /** The order id an unexpired access token opens, or null. */
    async verifyAccess(token: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, accessKey, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'sub'],
          currentDate: new Date(clock()),
        });
        return payload.purpose === ACCESS && typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },

    newJti: () => randomBytes(16).toString('base64url'),

    /** The link token of a stored jti. */
    signLink: (jti: string) => `${jti}.${linkMac(jti).toString('base64url')}`,

    /** The jti of an untouched link token, or null. */
    verifyLink(token: string): string | null {
      const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const [, jti, mac] = match as unknown as [string, string, string];
      return timingSafeEqual(Buffer.from(mac, 'base64url'), linkMac(jti)) ? jti : null;
    },
  };
}

export type PublicTokens = ReturnType<typeof createPublicTokens>;
