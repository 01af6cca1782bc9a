import type { AppContext } from '../../context.ts';
import { chooseTrigrams, ftsQuery, trigramCounts, trigramsOf } from '../../lib/trigram.ts';
import { sampleSearchTexts } from './list.repository.ts';

/** rows read to estimate how common each trigram is; a few milliseconds, once per period */
const SAMPLE_ROWS = 2_000;
const SAMPLE_TTL_MS = 15 * 60 * 1000;

/**
 * How to search (migration 020): the FTS5 query for SQLite, built from the search's rarest
 * trigrams, and on both databases how many orders the search is expected to match.
 * How common a trigram is comes from a sample of orders spread over the table, taken on the first
 * search and again every quarter of an hour: structural trigrams (`com`, `ta-`, `\n`) are held by
 * most rows and change slowly. PostgreSQL needs none of this: pg_trgm's GIN scan starts from the
 * rarest entry itself.
 */
export function createTrigramChooser(ctx: Pick<AppContext, 'db' | 'clock'>) {
  let sample: { at: number; rows: number; counts: Map<string, number> } | null = null;
  let loading: Promise<void> | null = null;

  async function refresh(): Promise<void> {
    const texts = await sampleSearchTexts(ctx.db, SAMPLE_ROWS);
    sample = { at: ctx.clock(), rows: texts.length, counts: trigramCounts(texts) };
  }

  /**
   * `fts`: the FTS5 query of the search's chosen trigrams (null below three characters);
   * `share`: the share of orders expected to hold them all (1 when unknown).
   */
  return async function plan(search: string): Promise<{ fts: string | null; share: number }> {
    if (trigramsOf(search).length === 0) return { fts: null, share: 1 };
    if (!sample || ctx.clock() - sample.at > SAMPLE_TTL_MS) {
      loading ??= refresh().finally(() => {
        loading = null;
      });
      await loading;
    }
    const { rows, counts } = sample as NonNullable<typeof sample>;
    const size = Math.max(1, rows);
    // a trigram the sample never met is taken to be in half a sampled row's share
    const share = (g: string) => Math.max((counts.get(g) ?? 0) / size, 0.5 / size);
    const chosen = chooseTrigrams(search, share, 0.5 / size);
    return { fts: ftsQuery(chosen), share: chosen.reduce((p, g) => p * share(g), 1) };
  };
}
