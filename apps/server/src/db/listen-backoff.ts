/** the first wait before listening again, and the longest */
const FIRST_MS = 250;
const LONGEST_MS = 5_000;

/**
 * How long a LISTEN connection (row-cache.ts, the live transport) waits before its next try after
 * `failures` tries in a row failed: doubling from a quarter second to five, so a restart is heard
 * again within moments while a database away for long is asked every few seconds, not hammered;
 * jittered, so the instances of a service do not all knock at the same instant.
 */
export function reconnectDelayMs(failures: number): number {
  const ceiling = Math.min(LONGEST_MS, FIRST_MS * 2 ** Math.min(failures, 10));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}
