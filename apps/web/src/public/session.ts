/**
 * The order access token lives in sessionStorage (DESIGN §8): it dies with the tab, is never sent
 * as a cookie, and is kept per order so two tracked orders in one tab do not mix.
 */
const KEY = 'eta-public-access';

interface Stored {
  orderId: string;
  token: string;
}

function expiresAt(token: string): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : 0;
  } catch {
    return 0;
  }
}

export function saveAccess(orderId: string, token: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ orderId, token } satisfies Stored));
  } catch {
    // storage disabled: the details page will send the customer back to the track page
  }
}

/** The unexpired token for this order, or null. */
export function accessFor(orderId: string): string | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Stored | null;
    if (!stored || stored.orderId !== orderId || typeof stored.token !== 'string') return null;
    return expiresAt(stored.token) > Date.now() ? stored.token : null;
  } catch {
    return null;
  }
}

export function clearAccess(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
