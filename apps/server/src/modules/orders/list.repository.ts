import type { FolderDef, ListSortColumn, SortOrder, TokenUser } from '@eta/shared';
import { type Expression, type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import { compiledPerShape } from '../../db/compiled.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { likeContains } from '../../lib/like.ts';
import { ftsQuery } from '../../lib/trigram.ts';
import { folderCountQuery } from './counts.repository.ts';
import { applyFolderFilter } from './folder-filter.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface ListRow {
  order_id: string;
  process_status: string;
  first_name: string | null;
  sur_name: string | null;
  contact_email_address: string | null;
  phone_number: string | null;
  intended_travel_date: string | null;
  assign_to: string | null;
  assigned_to: number | null;
  created_at: string;
  refund_date: string | null;
}

export interface ListWindow {
  sort: ListSortColumn;
  order: SortOrder;
  offset: number;
  limit: number;
  /** lower-cased text to find inside search_text; empty means the whole folder */
  search: string;
  /** the trigrams the index is asked for to find the search's candidate rows (trigram-stats.ts) */
  grams?: readonly string[];
  /**
   * PostgreSQL: find the page by reading the folder in date order and testing each order's text,
   * which stops at the page's last match; for a text common enough (list.service.ts)
   */
  walk?: boolean;
}

/** The assignee's name without a join, so the folder filter works on a plain orders query. */
const assigneeName = sql<string | null>`(select s.name from staff s where s.id = orders.assigned_to)`;

interface SortSpec {
  expr: Expression<unknown>;
  /** people read text case-insensitively; dates are ISO text and sort as they are */
  text: boolean;
  nullable: boolean;
}

function sortSpec(column: ListSortColumn): SortSpec {
  if (column === 'created_at') return { expr: sql.ref('orders.created_at'), text: false, nullable: false };
  if (column === 'refund_date') return { expr: sql.ref('orders.refund_date'), text: false, nullable: true };
  if (column === 'assign_to') return { expr: sql`lower(${assigneeName})`, text: true, nullable: true };
  const notNull = column === 'order_id' || column === 'process_status';
  return { expr: sql`lower(${sql.ref(`orders.${column}`)})`, text: true, nullable: !notNull };
}

/**
 * Sorted by the chosen column, then by id in the same direction so equal values never swap places
 * between pages. Empty values go last either way. On PostgreSQL text sorts bytewise (collate "C")
 * as SQLite does, so both dialects give the same order whatever the database's locale. created_at
 * keeps no collation and no NULLS clause so the (process_status, created_at) index serves the default.
 * `from` names the key and the id when the rows come from a CTE (pgSearchPage).
 */
function sorted<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  window: Pick<ListWindow, 'sort' | 'order'>,
  postgres: boolean,
  from: { key: Expression<unknown>; id: Expression<unknown> } | null = null,
): SelectQueryBuilder<DB, TB, O> {
  const spec = sortSpec(window.sort);
  return query
    .orderBy(from?.key ?? spec.expr, (ob) => {
      let item = window.order === 'asc' ? ob.asc() : ob.desc();
      if (spec.text && postgres) item = item.collate('C');
      if (spec.nullable) item = item.nullsLast();
      return item;
    })
    .orderBy(from?.id ?? sql.ref('orders.id'), (ob) => (window.order === 'asc' ? ob.asc() : ob.desc()));
}

/**
 * The text defines a search; a trigram index finds its candidates from the chosen trigrams only
 * (migration 020). SQLite: the FTS5 table is asked for the rows first, the LIKE decides. PostgreSQL:
 * see pgMatches. Without chosen trigrams the LIKE alone decides. `walk` (PostgreSQL): the folder
 * is read in its index's order and each order's text tested as it comes, so a page of a common
 * text stops at its last row instead of gathering every match first (ListWindow.walk).
 */
function folderQuery(
  db: Db,
  folder: FolderDef,
  staff: Pick<TokenUser, 'id'>,
  search: string,
  grams: readonly string[] = [],
  walk = false,
) {
  const query = applyFolderFilter(db.selectFrom('orders'), folder, staff);
  if (!search) return query;
  if (dialectOf(db) === 'postgres') {
    // A scalar subquery, unlike IN or EXISTS, is never turned into a join: it is tested row by row.
    if (walk)
      return query.where(
        sql<boolean>`(select strpos(s.search_text, ${search}) > 0 from order_search s where s.id = orders.id)`,
      );
    return query.where('orders.id', 'in', pgMatches(db, search, grams));
  }
  if (grams.length === 0) return query.where(likeContains('orders.search_text', search));
  return query
    .where(likeContains('orders.search_text', search))
    .where(sql<boolean>`orders.id in (select rowid from orders_search where orders_search match ${ftsQuery(grams)})`);
}

/**
 * PostgreSQL: the ids of the orders whose text holds `search`, from order_search (migration 024).
 * One `LIKE '%abc%'` per chosen trigram is all pg_trgm's index is given, and strpos decides: the
 * planner hands every LIKE on the column to the index, and the whole text's LIKE would bring back
 * the trigrams nearly every order holds.
 */
function pgMatches(db: Db, search: string, grams: readonly string[]) {
  const query = db.selectFrom('order_search').select('order_search.id');
  if (grams.length === 0) return query.where(likeContains('order_search.search_text', search));
  return grams
    .reduce((q, gram) => q.where(likeContains('order_search.search_text', gram)), query)
    .where(sql<boolean>`strpos(order_search.search_text, ${search}) > 0`);
}

/** A folder with no filter (Order History): on PostgreSQL its search is counted (and by date paged) on order_search alone. */
const wholeTable = (folder: FolderDef) => folder.statuses === null && !folder.mine;

/** search_text of up to `size` orders spread evenly over the table (trigram-stats.ts). */
export async function sampleSearchTexts(db: Db, size: number): Promise<string[]> {
  const CHUNKS = 20;
  // Two statements: SQLite reads min() or max() of a key from the index only when it is alone.
  const end = (order: 'asc' | 'desc') =>
    db.selectFrom('orders').select('id').orderBy('id', order).limit(1).executeTakeFirst();
  const [first, last] = [await end('asc'), await end('desc')];
  if (!first || !last) return [];
  const [lo, hi] = [Number(first.id), Number(last.id)];
  const texts: string[] = [];
  for (let k = 0; k < CHUNKS; k += 1) {
    const rows = await db
      .selectFrom('orders')
      .select('search_text')
      .where('id', '>=', Math.floor(lo + ((hi - lo) * k) / CHUNKS))
      .orderBy('id')
      .limit(Math.ceil(size / CHUNKS))
      .execute();
    texts.push(...rows.map((r) => r.search_text));
  }
  return texts;
}

const LIST_COLUMNS = [
  'orders.order_id',
  'orders.process_status',
  'orders.first_name',
  'orders.sur_name',
  'orders.contact_email_address',
  'orders.phone_number',
  'orders.intended_travel_date',
  assigneeName.as('assign_to'),
  'orders.assigned_to',
  'orders.created_at',
  'orders.refund_date',
] as const;

/**
 * The ids of one page, in order. Only the index of the folder (or the search's candidates) is
 * read for the rows skipped: at page 1,000 that is 10,000 index entries, not 10,000 orders with
 * their assignee looked up (PostgreSQL computes the select list before OFFSET skips a row).
 */
function pageIds(db: Db, folder: FolderDef, staff: Pick<TokenUser, 'id'>, window: ListWindow) {
  const query = folderQuery(db, folder, staff, window.search, window.grams, window.walk).select('orders.id');
  // The page size, and the first page's offset, are written in as the folder's statuses are
  // (folder-filter.ts), so PostgreSQL plans a first page once: with LIMIT as a parameter its generic
  // plan guesses a tenth of the folder and reads all of orders. A later page keeps its offset as a
  // parameter and is planned each time, as before: written in, every page would be a statement of
  // its own, and each connection keeps only so many (db/connect.ts).
  const sized = sorted(query, window, dialectOf(db) === 'postgres').limit(sql.lit(wholeNumber(window.limit)));
  return window.offset === 0 ? sized.offset(sql.lit(0)) : sized.offset(window.offset);
}

/** a page bound, checked before it is written into a statement */
function wholeNumber(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a page bound: ${n}`);
  return n;
}

/** The list columns of a page's ids, not yet sorted. */
function rowsQuery(db: Db, ids: ReturnType<typeof pageIds> | readonly number[]) {
  return db
    .selectFrom('orders')
    .select([...LIST_COLUMNS])
    .where('orders.id', 'in', Array.isArray(ids) ? [...ids] : (ids as ReturnType<typeof pageIds>));
}

/** The rows of a page's ids, in the page's order. */
function rowsOf(db: Db, ids: ReturnType<typeof pageIds> | readonly number[], window: ListWindow): Promise<ListRow[]> {
  return sorted(rowsQuery(db, ids), window, dialectOf(db) === 'postgres').execute() as Promise<ListRow[]>;
}

/** One page of a folder (or of a search inside it): ids from the index, then those rows. */
export function listRows(db: Db, folder: FolderDef, staff: Pick<TokenUser, 'id'>, window: ListWindow) {
  return rowsOf(db, pageIds(db, folder, staff, window), window);
}

interface FolderPageShape extends Pick<ListWindow, 'sort' | 'order' | 'limit'> {
  folder: FolderDef;
  firstPage: boolean;
}

/**
 * A folder's page (no search) with its count from the counter table, in one statement: one round
 * trip instead of two, and both from one snapshot. Built once per folder, sort and page size
 * (db/compiled.ts): building it cost more than SQLite's run of it. The member (My Orders) and a
 * later page's offset are its values.
 */
const folderPageQuery = compiledPerShape(
  (shape: FolderPageShape) =>
    `${shape.folder.name} ${shape.sort} ${shape.order} ${shape.limit} ${shape.firstPage ? 'first' : 'later'}`,
  (db, shape, values: { staffId?: number; offset?: number }) => {
    const window: ListWindow = { ...shape, offset: shape.firstPage ? 0 : (values.offset as number), search: '' };
    // undefined outside My Orders, whose filter and count alone read the member
    const staffId = values.staffId as number;
    const query = rowsQuery(db, pageIds(db, shape.folder, { id: staffId }, window)).select(
      folderCountQuery(db, shape.folder, staffId).as('folder_total'),
    );
    return sorted(query, window, dialectOf(db) === 'postgres');
  },
);

/** `total` is null when the page is empty (past the end, or an empty folder): the caller reads the count alone then. */
export async function folderPage(
  db: Db,
  folder: FolderDef,
  staff: Pick<TokenUser, 'id'>,
  window: ListWindow,
): Promise<{ rows: ListRow[]; total: number | null }> {
  const firstPage = window.offset === 0;
  const rows = await folderPageQuery(
    db,
    { folder, sort: window.sort, order: window.order, limit: window.limit, firstPage },
    { ...(folder.mine ? { staffId: staff.id } : {}), ...(firstPage ? {} : { offset: window.offset }) },
  );
  const first = rows[0];
  return { rows: rows as ListRow[], total: first ? Number(first.folder_total) : null };
}

/**
 * A search's page with the number of all its matches (`count(*) over ()`), found in one pass: the
 * matching rows are read once, not once for the page and again for a count. `total` is null when
 * the page is empty (past the end, or no match): only a count can tell then.
 */
export async function searchRows(
  db: Db,
  folder: FolderDef,
  staff: Pick<TokenUser, 'id'>,
  window: ListWindow,
): Promise<{ rows: ListRow[]; total: number | null }> {
  const page =
    dialectOf(db) === 'postgres'
      ? await pgSearchPage(db, folder, staff, window)
      : await pageIds(db, folder, staff, window)
          .select(sql<number | string>`count(*) over ()`.as('total_rows'))
          .execute();
  if (page.length === 0) return { rows: [], total: null };
  const rows = await rowsOf(
    db,
    page.map((r) => Number(r.id)),
    window,
  );
  return { rows, total: Number(page[0]?.total_rows) };
}

/**
 * PostgreSQL's one pass: the matches and their sort key are gathered first (a materialized CTE),
 * then counted, sorted and cut. Written as one flat query, the planner may walk the date index
 * through every order instead, testing each, to spare a sort: `paz` (521 matches in a million)
 * took 877 ms that way, 7 ms this way.
 */
function pgSearchPage(db: Db, folder: FolderDef, staff: Pick<TokenUser, 'id'>, window: ListWindow) {
  // Order History by date needs nothing of orders: order_search holds the date (migration 024).
  const matches =
    wholeTable(folder) && window.sort === 'created_at'
      ? pgMatches(db, window.search, window.grams ?? []).select('order_search.created_at as sort_key')
      : folderQuery(db, folder, staff, window.search, window.grams).select([
          'orders.id',
          sql`${sortSpec(window.sort).expr}`.as('sort_key'),
        ]);
  const query = db
    .with(
      (cte) => cte('m').materialized(),
      () => matches,
    )
    .selectFrom('m')
    .select(['m.id', sql<number | string>`count(*) over ()`.as('total_rows')]);
  return sorted(query, window, true, { key: sql.ref('m.sort_key'), id: sql.ref('m.id') })
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** Orders of a folder that match a search: a search has no counter to read, so it counts. */
export async function countRows(
  db: Db,
  folder: FolderDef,
  staff: Pick<TokenUser, 'id'>,
  search: string,
  grams: readonly string[] = [],
): Promise<number> {
  const count = sql<number | string>`count(*)`.as('n');
  const query =
    dialectOf(db) === 'postgres' && wholeTable(folder)
      ? db.selectFrom(pgMatches(db, search, grams).as('found')).select(count)
      : folderQuery(db, folder, staff, search, grams).select(count);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}
