import { isRole, type TokenUser } from '@eta/shared';

export interface TokenPayload {
  user: TokenUser;
  exp?: number;
  iat?: number;
}

function base64UrlToText(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  // Names may hold non-ASCII letters: decode the bytes as UTF-8, not Latin-1.
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/**
 * Reads the payload of a JWT without verifying it (SPEC §3: decoded on the client).
 * The server verifies every call; the client only needs the name, type and expiry for display.
 */
export function decodeToken(token: string): TokenPayload | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const payload = JSON.parse(base64UrlToText(part)) as Partial<TokenPayload>;
    const user = payload.user;
    if (!user || typeof user.name !== 'string' || !isRole(user.type)) return null;
    return payload as TokenPayload;
  } catch {
    return null;
  }
}

/** Seconds-based `exp`; a token without one is treated as not expiring on the client. */
export function isExpired(payload: TokenPayload, now = Date.now()): boolean {
  return typeof payload.exp === 'number' && payload.exp * 1000 <= now;
}
