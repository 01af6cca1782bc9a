/**
 * Id obfuscation helpers of SPEC §3 ("encode and decode a numeric id by doubling and base64"),
 * and the base64url order reference used in paths (DESIGN §5).
 * Written without Buffer so the web bundle can use them too.
 */

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(b64: string): string | null {
  try {
    const binary = atob(b64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function encodeId(id: number): string {
  return toBase64(String(id * 2));
}

/** Refuses anything that is not the base64 of an even non-negative integer. */
export function decodeId(encoded: unknown): number | null {
  if (typeof encoded !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return null;
  const text = fromBase64(encoded);
  if (text === null || !/^(0|[1-9]\d{0,15})$/.test(text)) return null;
  const doubled = Number(text);
  if (!Number.isSafeInteger(doubled) || doubled % 2 !== 0) return null;
  return doubled / 2;
}

export function encodeOrderRef(orderId: string): string {
  return toBase64(orderId).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeOrderRef(ref: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(ref)) return null;
  const b64 = ref.replace(/-/g, '+').replace(/_/g, '/');
  return fromBase64(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
}
