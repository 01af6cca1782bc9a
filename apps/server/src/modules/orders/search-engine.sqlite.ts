import type { FolderDef } from '@eta/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { likeContains } from '../../lib/like.ts';
import { chooseTrigrams, ftsQuery, trigramCounts } from '../../lib/trigram.ts';
import type { FolderViewer } from './folder-filter.ts';
import { folderQuery, pageIds, rowsOf, rowsWithTotal } from './list.repository.ts';
import type { SearchEngine } from './search-engine.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * SQLite: the FTS5 table (migration 020) is asked for the orders holding every chosen trigram, the
 * LIKE decides; without chosen trigrams (a text below three characters) the LIKE alone decides.
 */
function matching(db: Db, folder: FolderDef, staff: FolderViewer, search: string, grams: readonly string[]) {
  const query = folderQuery(db, folder, staff).where(likeContains('orders.search_text', search));
  if (grams.length === 0) return query;
  return query.where(
    sql<boolean>`orders.id in (select rowid from orders_search where orders_search match ${ftsQuery(grams)})`,
  );
}

export const sqliteSearchEngine: SearchEngine = {
  trigrams: {
    heldCounts(texts) {
      const counts = trigramCounts(texts);
      return (gram) => counts.get(gram);
    },
    choose: (search, share, floor) => chooseTrigrams(search, share, floor),
    // a page's scan stops at its last match on the folder's index anyway
    walks: false,
  },

  page: (db, folder, staff, window) =>
    rowsOf(db, pageIds(db, matching(db, folder, staff, window.search, window.grams ?? []), window), window),

  /** `count(*) over ()`: the matching rows are read once, not once for the page and again for a count */
  async pageWithTotal(db, folder, staff, window) {
    const page = await pageIds(db, matching(db, folder, staff, window.search, window.grams ?? []), window)
      .select(sql<number>`count(*) over ()`.as('total_rows'))
      .execute();
    return rowsWithTotal(db, page, window);
  },

  async count(db, folder, staff, search, grams = []) {
    const row = await matching(db, folder, staff, search, grams)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return row.n;
  },
};
