/** ISO-8601 UTC with milliseconds: fixed width, so text order is time order on both databases. */
export function nowIso(clock: () => number = Date.now): string {
  return new Date(clock()).toISOString();
}
