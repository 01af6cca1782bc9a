/**
 * Trigram search helpers (migration 020). A trigram index finds every row that holds each chosen run
 * of three characters of the search text: a superset of the rows holding the text itself, which
 * the LIKE beside it then decides. Any subset of the text's trigrams keeps that true, so the query
 * may leave out the ones most rows hold (`.com`, an id prefix), which cost the most to intersect
 * and narrow the least.
 */

/** The distinct trigrams of `text`, by character (not UTF-16 unit); none below three characters. */
export function trigramsOf(text: string): string[] {
  const chars = Array.from(text);
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i += 1) grams.add(chars.slice(i, i + 3).join(''));
  return [...grams];
}

/** a trigram held by at least this share of rows (`com`, an id prefix) is asked for only when nothing rarer is left */
export const COMMON_SHARE = 0.2;
/** at most this many trigrams are intersected */
export const MAX_TRIGRAMS = 6;
/** enough trigrams when together they are expected in fewer than this share of rows (10 a million) */
const ENOUGH_SHARE = 1e-5;

/**
 * The trigrams of `text` worth asking the index for. Rarest first, those apart from each other
 * before overlapping ones (they are more independent evidence), until together they are expected
 * in a handful of rows: each one more costs a read of its list of rows, each one fewer leaves more
 * rows to fetch and test with the LIKE, which costs far more per row. The very common ones only
 * when nothing rarer is left. `share` estimates the share of rows holding a trigram; `floor` is
 * the share assumed for one never seen; `eligible` says which trigrams the index has at all.
 */
export function chooseTrigrams(
  text: string,
  share: (gram: string) => number,
  floor = 1e-4,
  eligible: (gram: string) => boolean = () => true,
): string[] {
  const chars = Array.from(text);
  const found = new Map<string, number>();
  for (let i = 0; i + 3 <= chars.length; i += 1) {
    const gram = chars.slice(i, i + 3).join('');
    if (!found.has(gram) && eligible(gram)) found.set(gram, i);
  }
  const ranked = [...found].sort((a, b) => share(a[0]) - share(b[0]));
  const rare = ranked.filter(([g]) => share(g) < COMMON_SHARE);
  if (rare.length === 0) return ranked.slice(0, 2).map(([g]) => g);
  const chosen: [string, number][] = [];
  let expected = 1;
  const take = (item: [string, number]) => {
    chosen.push(item);
    expected *= Math.max(share(item[0]), floor);
  };
  const done = () => expected < ENOUGH_SHARE || chosen.length >= MAX_TRIGRAMS;
  for (const item of rare) {
    if (done()) break;
    if (!chosen.some(([, at]) => Math.abs(at - item[1]) < 3)) take(item);
  }
  for (const item of rare) {
    if (done()) break;
    if (!chosen.includes(item)) take(item);
  }
  return chosen.map(([g]) => g);
}

/**
 * pg_trgm splits text into words of letters and digits before it takes trigrams, so only a run of
 * three of those is one of its trigrams, and `LIKE '%abc%'` then asks its index for exactly `abc`.
 * ASCII only: which other characters count as letters depends on the database's locale.
 */
export const isPgTrgmWord = (gram: string): boolean => /^[a-z0-9]{3}$/.test(gram);

/**
 * The end of a word: two letters or digits and the space or ASCII mark after them. pg_trgm pads a
 * word's end with a space, and `LIKE '%la %'` asks its index for exactly `la ` (words ending in
 * "la"), while the start's padding would bring in `  r` (every word beginning with r). Two words
 * together narrow far more than their letters alone: `la rosa` from `ros` and `osa` left 5,778
 * candidates to test at a million orders, `la ` and `osa` 538 (16.5 → 2.2 ms).
 */
export const isPgTrgmWordEnd = (gram: string): boolean => /^[a-z0-9]{2}[ -/:-@[-`{-~]$/.test(gram);

/**
 * PostgreSQL's choice: as SQLite's, among the trigrams pg_trgm makes (a word's inside or its end). Each trigram given is one more
 * LIKE for the planner to estimate and one more posting list for the GIN scan; the few candidate
 * rows the rarest leave are rechecked on their heap pages. An order id's search went 4.3 → 3.0 ms
 * (8 trigrams → 3), an email's 3.5 → 1.3 ms (issue 8).
 */
export function pgTrigrams(text: string, share: (gram: string) => number, floor = 1e-4): string[] {
  return chooseTrigrams(text, share, floor, (gram) => isPgTrgmWord(gram) || isPgTrgmWordEnd(gram));
}

/** An FTS5 query requiring every trigram, each quoted so nothing in it is query syntax. */
export function ftsQuery(grams: readonly string[]): string {
  return grams.map((g) => `"${g.replaceAll('"', '""')}"`).join(' AND ');
}

/** How many of `texts` hold each trigram (once per text), for `share` above. */
export function trigramCounts(texts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) for (const g of trigramsOf(text)) counts.set(g, (counts.get(g) ?? 0) + 1);
  return counts;
}

/**
 * How many of `texts` hold a word ending in each pair of letters or digits, as pg_trgm sees it:
 * the pair followed by anything but a letter or digit, or by the end. This, not the literal
 * `th@`, is what `LIKE '%th@%'` asks the index for (isPgTrgmWordEnd), so it is its share.
 */
export function wordEndCounts(texts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) {
    const seen = new Set<string>();
    for (const match of text.matchAll(/[a-z0-9]{2}(?![a-z0-9])/g)) seen.add(match[0]);
    for (const pair of seen) counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}
