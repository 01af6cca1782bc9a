import type { FolderDef } from '@eta/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FolderViewer } from './folder-filter.ts';
import type { ListRow, ListWindow } from './list.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Staff = FolderViewer;

/** How the engine's trigram index is asked (trigram-stats.ts chooses by it). */
export interface TrigramIndex {
  /** from a sample of search texts: how many hold each trigram, as the index counts its lists */
  heldCounts(texts: readonly string[]): (gram: string) => number | undefined;
  /** the trigrams of `search` to ask the index for, among those it has (lib/trigram.ts) */
  choose(search: string, share: (gram: string) => number, floor: number): string[];
  /** whether a common search may walk the folder by date (ListWindow.walk), which needs the text's share */
  walks: boolean;
}

/**
 * A queue search: the orders of a folder whose search_text holds the window's (non-empty) search,
 * found through a trigram index from the chosen trigrams (window.grams), the text itself deciding.
 * SQLite asks its FTS5 table (search-engine.sqlite.ts), PostgreSQL pg_trgm's GIN index on
 * order_search (search-engine.pg.ts); both give exactly the same pages and totals
 * (test/search-paths.test.ts). Picked once in strategies.ts.
 */
export interface SearchEngine {
  trigrams: TrigramIndex;
  /** one page of the matches (a common search: counted apart, by count) */
  page(db: Db, folder: FolderDef, staff: Staff, window: ListWindow): Promise<ListRow[]>;
  /** a page and the number of all matches in one pass (a rare search); total null when the page is empty */
  pageWithTotal(
    db: Db,
    folder: FolderDef,
    staff: Staff,
    window: ListWindow,
  ): Promise<{ rows: ListRow[]; total: number | null }>;
  /** the number of matches: a search has no counter to read, so it counts */
  count(db: Db, folder: FolderDef, staff: Staff, search: string, grams?: readonly string[]): Promise<number>;
}

declare module '../../context.ts' {
  interface Strategies {
    searchEngine: SearchEngine;
  }
}
