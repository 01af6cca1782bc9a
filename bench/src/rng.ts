/**
 * A small seeded random source (mulberry32): the same seed gives the same dataset on every machine,
 * and it is an order of magnitude faster than faker for the million draws a dataset needs.
 */
export interface Rng {
  /** uniform in [0, 1) */
  next(): number;
  /** integer in [min, max] */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `length` characters from `alphabet` */
  chars(length: number, alphabet: string): string;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T,
    chars(length, alphabet) {
      let out = '';
      for (let i = 0; i < length; i += 1) out += alphabet[Math.floor(next() * alphabet.length)];
      return out;
    },
  };
}

/** Draws from weighted items in O(log n): cumulative weights and a binary search. */
export function weighted<T>(items: readonly { value: T; weight: number }[]): (rng: Rng) => T {
  const cumulative: number[] = [];
  let total = 0;
  for (const item of items) {
    total += item.weight;
    cumulative.push(total);
  }
  return (rng) => {
    const x = rng.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) > x) hi = mid;
      else lo = mid + 1;
    }
    return (items[lo] as { value: T }).value;
  };
}

/** Zipf-like weights: the k-th item (from 1) weighs 1 / k^s. */
export function zipf<T>(items: readonly T[], s = 1.1): (rng: Rng) => T {
  return weighted(items.map((value, i) => ({ value, weight: 1 / (i + 1) ** s })));
}
