import type { AppContext } from '../../context.ts';
import { trigramsOf } from '../../lib/trigram.ts';
import { sampleSearchTexts } from './list.repository.ts';
import type { TrigramIndex } from './search-engine.ts';

/** rows read to estimate how common each trigram is; a few milliseconds, once per period */
const SAMPLE_ROWS = 2_000;
const SAMPLE_TTL_MS = 15 * 60 * 1000;

/**
 * How to search (migration 020): the search's rarest trigrams, which the index is asked for, and how
 * many orders the search is expected to match. How common a trigram is comes from a sample of orders
 * spread over the table, taken on the first search and again every quarter of an hour: structural
 * trigrams (`com`, `uk-`, `\n`) are held by most rows and change slowly.
 * Both databases need the choice: given every trigram of `%uk-4266559264%`, pg_trgm's GIN scan reads
 * the lists of ` uk` and `uk ` (every order) too, 30 ms where the digits' take 3 (issue 8).
 * Which trigrams there are to choose, and how common each is, the engine's index says (`index`: on
 * PostgreSQL only trigrams pg_trgm itself makes, search-engine.pg.ts).
 */
export function createTrigramChooser(ctx: Pick<AppContext, 'db' | 'clock'>, index: TrigramIndex) {
  let sample: { at: number; texts: string[]; held: (gram: string) => number | undefined } | null = null;
  let loading: Promise<void> | null = null;

  async function refresh(): Promise<void> {
    const texts = await sampleSearchTexts(ctx.db, SAMPLE_ROWS);
    sample = { at: ctx.clock(), texts, held: index.heldCounts(texts) };
  }

  /**
   * `grams`: the trigrams to ask the index for (none below three characters, or on PostgreSQL when
   * the text has no run of three letters or digits: the LIKE alone is used then);
   * `share`: the share of orders expected to hold them all (1 when there are none);
   * `textShare()` (an index that walks; 1 otherwise): the share of sampled orders that hold the whole text
   * (half a row's when none does). Asked for only by a search common enough to be walked: it reads
   * the whole sample, which cost more than the rest of a search's JavaScript.
   */
  return async function plan(search: string): Promise<{ grams: string[]; share: number; textShare: () => number }> {
    if (!sample || ctx.clock() - sample.at > SAMPLE_TTL_MS) {
      loading ??= refresh().finally(() => {
        loading = null;
      });
      await loading;
    }
    const { texts, held } = sample as NonNullable<typeof sample>;
    const size = Math.max(1, texts.length);
    const floor = 0.5 / size;
    // only an index that walks decides by it whether to walk a folder (list.service.ts)
    const textShare = () => {
      if (!index.walks) return 1;
      let holding = 0;
      for (const text of texts) if (text.includes(search)) holding += 1;
      return Math.max(holding / size, floor);
    };
    if (trigramsOf(search).length === 0) return { grams: [], share: 1, textShare };
    // a trigram the sample never met is taken to be in half a sampled row's share
    const share = (g: string) => Math.max((held(g) ?? 0) / size, floor);
    const grams = index.choose(search, share, floor);
    return { grams, share: grams.reduce((p, g) => p * share(g), 1), textShare };
  };
}
