import type { FolderDef } from '@eta/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { likeContains } from '../../lib/like.ts';
import { isPgTrgmWordEnd, pgTrigrams, trigramCounts, wordEndCounts } from '../../lib/trigram.ts';
import type { FolderViewer } from './folder-filter.ts';
import { folderQuery, type ListWindow, pageIds, rowsOf, rowsWithTotal, sorted, sortSpec } from './list.repository.ts';
import type { SearchEngine } from './search-engine.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Staff = FolderViewer;

/** Whether an order_search row's text holds `search`: what decides a match, after any index narrowed the rows. */
const holds = (search: string) => sql<boolean>`strpos(order_search.search_text, ${search}) > 0`;

/**
 * PostgreSQL: the ids of the orders whose text holds `search`, from order_search (migration 024).
 * One `LIKE '%abc%'` per chosen trigram is all pg_trgm's index is given, and strpos decides: the
 * planner hands every LIKE on the column to the index, and the whole text's LIKE would bring back
 * the trigrams nearly every order holds.
 */
function pgMatches(db: Db, search: string, grams: readonly string[]) {
  const query = db.selectFrom('order_search').select('order_search.id');
  if (grams.length === 0) return query.where(likeContains('order_search.search_text', search));
  return grams.reduce((q, gram) => q.where(likeContains('order_search.search_text', gram)), query).where(holds(search));
}

/**
 * The folder's orders holding the search (pgMatches). `walk`: the folder is read in its index's
 * order and each order's text tested as it comes, so a page of a common text stops at its last row
 * instead of gathering every match first (ListWindow.walk).
 */
function matching(db: Db, folder: FolderDef, staff: Staff, search: string, grams: readonly string[], walk = false) {
  const query = folderQuery(db, folder, staff);
  // A scalar subquery, unlike IN or EXISTS, is never turned into a join: it is tested row by row.
  if (walk)
    return query.where(
      sql<boolean>`(select strpos(s.search_text, ${search}) > 0 from order_search s where s.id = orders.id)`,
    );
  return query.where('orders.id', 'in', pgMatches(db, search, grams));
}

/** A folder with no filter (Order History): its search is counted (and by date paged) on order_search alone. */
const wholeTable = (folder: FolderDef) => folder.statuses === null && !folder.mine;

/**
 * Order History's page of a common text, walked on order_search alone: its own date index
 * (migration 085) read in order, each row's text tested, until the page is full. Its rows lie in the
 * order orders arrived, so the newest few thousand sit on a few dozen pages, where the walk through
 * orders looked each order's text up by id (a surname of 4,850 orders in a million: 0.4 ms instead of 3.2).
 */
export function walkedByDate(db: Db, window: ListWindow) {
  const query = db.selectFrom('order_search').select('order_search.id').where(holds(window.search));
  return sorted(db, query, window, { key: sql.ref('order_search.created_at'), id: sql.ref('order_search.id') })
    .limit(window.limit)
    .offset(window.offset);
}

/**
 * The one pass: the matches and their sort key are gathered first (a materialized CTE), then
 * counted, sorted and cut. Written as one flat query, the planner may walk the date index through
 * every order instead, testing each, to spare a sort: `paz` (521 matches in a million) took 877 ms
 * that way, 7 ms this way.
 */
function onePass(db: Db, folder: FolderDef, staff: Staff, window: ListWindow) {
  // Order History by date needs nothing of orders: order_search holds the date (migration 024).
  const matches =
    wholeTable(folder) && window.sort === 'created_at'
      ? pgMatches(db, window.search, window.grams ?? []).select('order_search.created_at as sort_key')
      : matching(db, folder, staff, window.search, window.grams ?? []).select([
          'orders.id',
          sql`${sortSpec(window.sort, window.order).expr}`.as('sort_key'),
        ]);
  const query = db
    .with(
      (cte) => cte('m').materialized(),
      () => matches,
    )
    .selectFrom('m')
    .select(['m.id', sql<number>`count(*) over ()`.as('total_rows')]);
  return sorted(db, query, window, { key: sql.ref('m.sort_key'), id: sql.ref('m.id') })
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export const postgresSearchEngine: SearchEngine = {
  trigrams: {
    heldCounts(texts) {
      const counts = trigramCounts(texts);
      const wordEnds = wordEndCounts(texts);
      // a word's end (`th@`) reads pg_trgm's list of every word ending so (`th `)
      return (gram) => (isPgTrgmWordEnd(gram) ? wordEnds.get(gram.slice(0, 2)) : counts.get(gram));
    },
    choose: pgTrigrams,
    walks: true,
  },

  page: (db, folder, staff, window) =>
    rowsOf(
      db,
      window.walk && wholeTable(folder)
        ? walkedByDate(db, window)
        : pageIds(db, matching(db, folder, staff, window.search, window.grams ?? [], window.walk), window),
      window,
    ),

  async pageWithTotal(db, folder, staff, window) {
    const page = await onePass(db, folder, staff, window);
    return rowsWithTotal(db, page, window);
  },

  async count(db, folder, staff, search, grams = []) {
    const count = sql<number>`count(*)`.as('n');
    const query = wholeTable(folder)
      ? db.selectFrom(pgMatches(db, search, grams).as('found')).select(count)
      : matching(db, folder, staff, search, grams).select(count);
    const row = await query.executeTakeFirstOrThrow();
    return row.n;
  },
};
