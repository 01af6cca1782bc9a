import type { FolderDef, ListSortColumn, RefundState, SortOrder } from '@eta/shared';
import { type Expression, type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import { compiledPerShape } from '../../db/compiled.ts';
import { bytewise } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { folderCountQuery, overdueCountQuery } from './counts.repository.ts';
import { applyFolderFilter, type FolderViewer, timeOf } from './folder-filter.ts';

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
  respond_by: string | null;
  sla_due_at: string | null;
  sla_met_at: string | null;
  sla_paused_at: string | null;
  follow_up_on: string | null;
  refund_state: RefundState | null;
  customer_replied_at: string | null;
}

export interface ListWindow {
  sort: ListSortColumn;
  order: SortOrder;
  offset: number;
  /** a compiled statement's stand-in for a deep page's offset, to be bound whatever it is (pageIds) */
  offsetBound?: boolean;
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

/**
 * The order's latest refund through the processor (DESIGN §26), for the Refunds queue: read with the
 * page's rows only (rowsQuery), one probe of refunds_order each, never across the folder.
 */
// max(id) through refunds_order (order_key, and the row id with it) rather than ORDER BY … LIMIT 1,
// which PostgreSQL would sort for each row.
const latestRefundState = sql<RefundState | null>`(select r.state from refunds r where r.id = (select max(m.id) from refunds m where m.order_key = orders.id))`;

/** "No deadline" as a sort key: after every real one ascending (migration 030's index), and descending. */
const NO_DEADLINE_LAST = '9999-12-31T23:59:59.999Z';
const NO_DEADLINE_FIRST = '0000-01-01T00:00:00.000Z';
/** "No follow-up day", the same way for a YYYY-MM-DD column (migration 093's index writes the first). */
export const NO_FOLLOW_UP_LAST = '9999-12-31';
const NO_FOLLOW_UP_FIRST = '0000-01-01';

interface SortSpec {
  expr: Expression<unknown>;
  /** people read text case-insensitively; dates are ISO text and sort as they are */
  text: boolean;
  nullable: boolean;
  /** equal values newest first whichever way the column runs (ids grow as orders arrive) */
  newestFirstWithin?: boolean;
}

export function sortSpec(column: ListSortColumn, order: SortOrder = 'asc'): SortSpec {
  if (column === 'created_at') return { expr: sql.ref('orders.created_at'), text: false, nullable: false };
  if (column === 'refund_date') return { expr: sql.ref('orders.refund_date'), text: false, nullable: true };
  // Overdue Orders' page reads it in the order of migration 080's partial index (due time, then id);
  // null (never measured) is found only in other folders, last either way
  if (column === 'sla_due_at') return { expr: sql.ref('orders.sla_due_at'), text: false, nullable: true };
  // kept on the order by the dispute writes (migration 030): a column of the order, no join to sort by
  // Soonest first, no deadline last either way, newest first among equals (most ChargeBack orders
  // share "no deadline"). Ascending, the key is exactly the expression of migration 030's index of
  // ChargeBack orders (a literal, not a parameter, so PostgreSQL matches it too): the page is read in
  // order, not sorted.
  if (column === 'respond_by') {
    const none = order === 'asc' ? NO_DEADLINE_LAST : NO_DEADLINE_FIRST;
    return {
      expr: sql`coalesce(orders.dispute_respond_by, ${sql.lit(none)})`,
      text: false,
      nullable: false,
      newestFirstWithin: true,
    };
  }
  // Awaiting queues by follow-up day (DESIGN §23): soonest first, orders with no day last either way,
  // newest first among equals; ascending, the key is migration 093's index of each follow-up status
  if (column === 'follow_up_on') {
    const none = order === 'asc' ? NO_FOLLOW_UP_LAST : NO_FOLLOW_UP_FIRST;
    return {
      expr: sql`coalesce(orders.follow_up_on, ${sql.lit(none)})`,
      text: false,
      nullable: false,
      newestFirstWithin: true,
    };
  }
  if (column === 'assign_to') return { expr: sql`lower(${assigneeName})`, text: true, nullable: true };
  const notNull = column === 'order_id' || column === 'process_status';
  return { expr: sql`lower(${sql.ref(`orders.${column}`)})`, text: true, nullable: !notNull };
}

/**
 * Sorted by the chosen column, then by id in the same direction (newest first for a column that says
 * so) so equal values never swap places between pages. Empty values go last either way. On PostgreSQL text sorts bytewise (collate "C")
 * as SQLite does, so both dialects give the same order whatever the database's locale. created_at
 * keeps no collation and no NULLS clause so the (process_status, created_at) index serves the default.
 * `from` names the key and the id when the rows come from a CTE (search-engine.pg.ts).
 */
export function sorted<DB, TB extends keyof DB, O>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, O>,
  window: Pick<ListWindow, 'sort' | 'order'>,
  from: { key: Expression<unknown>; id: Expression<unknown> } | null = null,
): SelectQueryBuilder<DB, TB, O> {
  const spec = sortSpec(window.sort, window.order);
  return query
    .orderBy(from?.key ?? spec.expr, (ob) => {
      let item = window.order === 'asc' ? ob.asc() : ob.desc();
      if (spec.text) item = bytewise(db, item);
      if (spec.nullable) item = item.nullsLast();
      return item;
    })
    .orderBy(from?.id ?? sql.ref('orders.id'), (ob) =>
      window.order === 'asc' && !spec.newestFirstWithin ? ob.asc() : ob.desc(),
    );
}

/** The orders of a folder (My Orders: the member's), to narrow, select from and page. */
export function folderQuery(db: Db, folder: FolderDef, viewer: FolderViewer) {
  return applyFolderFilter(db.selectFrom('orders'), folder, viewer);
}

/** search_text of up to `size` orders spread evenly over the table (trigram-stats.ts). */
export async function sampleSearchTexts(db: Db, size: number): Promise<string[]> {
  const CHUNKS = 20;
  // Two statements: SQLite reads min() or max() of a key from the index only when it is alone.
  const end = (order: 'asc' | 'desc') =>
    db.selectFrom('orders').select('id').orderBy('id', order).limit(1).executeTakeFirst();
  const [first, last] = [await end('asc'), await end('desc')];
  if (!first || !last) return [];
  const [lo, hi] = [first.id, last.id];
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
  'orders.dispute_respond_by as respond_by',
  'orders.sla_due_at',
  'orders.sla_met_at',
  'orders.sla_paused_at',
  'orders.follow_up_on',
  latestRefundState.as('refund_state'),
  'orders.customer_replied_at',
] as const;

/**
 * The ids of one page of `orders`, in order. Only the index of the folder (or the search's candidates) is
 * read for the rows skipped: at page 1,000 that is 10,000 index entries, not 10,000 orders with
 * their assignee looked up (PostgreSQL computes the select list before OFFSET skips a row).
 */
export function pageIds(db: Db, orders: ReturnType<typeof folderQuery>, window: ListWindow) {
  const query = orders.select('orders.id');
  // The page size, and the offset of the pages staff page through, are written in as the folder's
  // statuses are (folder-filter.ts), so PostgreSQL plans each once: with LIMIT or OFFSET as a
  // parameter its generic plan guesses a tenth of the folder and reads all of orders, so it planned
  // such a page on every call (0.4 ms of planning for 0.2 ms of work; issue 21). A deep page keeps
  // its offset as a parameter and is planned each time: written in, every page would be a statement
  // of its own, and each connection keeps only so many (db/connect.ts).
  const sized = sorted(db, query, window).limit(sql.lit(wholeNumber(window.limit)));
  const written = window.offsetBound ? null : writtenOffset(window.offset);
  return written === null ? sized.offset(window.offset) : sized.offset(sql.lit(written));
}

/** offsets up to this are written into a page's statement (pageIds): the first pages of any page size */
const WRITTEN_OFFSET_MAX = 200;

/** The offset as written into the statement, or null when it is bound as a parameter (pageIds). */
export function writtenOffset(offset: number): number | null {
  return wholeNumber(offset) <= WRITTEN_OFFSET_MAX ? offset : null;
}

/** a page bound, checked before it is written into a statement */
function wholeNumber(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a page bound: ${n}`);
  return n;
}

/** A page's ids: a subquery of orders (pageIds), or of order_search (PostgreSQL's Order History walk), or the ids. */
type PageIds<TB extends keyof Database> = SelectQueryBuilder<Database, TB, { id: number }> | readonly number[];

/** The list columns of a page's ids, not yet sorted. */
function rowsQuery<TB extends keyof Database>(db: Db, ids: PageIds<TB>) {
  return db
    .selectFrom('orders')
    .select([...LIST_COLUMNS])
    .where(
      'orders.id',
      'in',
      Array.isArray(ids) ? [...ids] : (ids as SelectQueryBuilder<Database, TB, { id: number }>),
    );
}

/** The rows of a page's ids, in the page's order. */
export function rowsOf<TB extends keyof Database>(db: Db, ids: PageIds<TB>, window: ListWindow): Promise<ListRow[]> {
  return sorted(db, rowsQuery(db, ids), window).execute() as Promise<ListRow[]>;
}

/**
 * The rows of a page whose ids came with the count of every match (`total_rows`, a window count):
 * both search engines' pageWithTotal end here. No ids: no rows, and no total to read.
 */
export async function rowsWithTotal(
  db: Db,
  page: readonly { id: number; total_rows: number }[],
  window: ListWindow,
): Promise<{ rows: ListRow[]; total: number | null }> {
  if (page.length === 0) return { rows: [], total: null };
  const rows = await rowsOf(
    db,
    page.map((r) => r.id),
    window,
  );
  return { rows, total: page[0]?.total_rows ?? null };
}

/** One page of a folder: ids from the index, then those rows (a search's: SearchEngine.page). */
export function listRows(db: Db, folder: FolderDef, viewer: FolderViewer, window: ListWindow) {
  return rowsOf(db, pageIds(db, folderQuery(db, folder, viewer), window), window);
}

interface FolderPageShape extends Pick<ListWindow, 'sort' | 'order' | 'limit'> {
  folder: FolderDef;
  /** the offset when it is written into the statement (writtenOffset); null: bound, as `offset` */
  written: number | null;
}

/**
 * A folder's page (no search) with its count from the counter table, in one statement: one round
 * trip instead of two, and both from one snapshot. Built once per folder, sort and page size
 * (db/compiled.ts): building it cost more than SQLite's run of it. The member (My Orders), the time
 * (Overdue Orders, whose count is of its index instead) and a later page's offset are its values.
 */
const folderPageQuery = compiledPerShape(
  (shape: FolderPageShape) =>
    `${shape.folder.name} ${shape.sort} ${shape.order} ${shape.limit} ${shape.written ?? 'bound'}`,
  (db, shape, values: { staffId?: number; now?: string; offset?: number }) => {
    const window: ListWindow =
      shape.written === null
        ? { ...shape, offset: values.offset as number, offsetBound: true, search: '' }
        : { ...shape, offset: shape.written, search: '' };
    // undefined outside My Orders and Overdue Orders, whose filter and count alone read them
    const viewer = { id: values.staffId as number, now: values.now };
    const rows = rowsQuery(db, pageIds(db, folderQuery(db, shape.folder, viewer), window));
    const query = shape.folder.overdue
      ? rows.select(overdueCountQuery(db, shape.folder, viewer).as('folder_total'))
      : rows.select(folderCountQuery(db, shape.folder, viewer.id).as('folder_total'));
    return sorted(db, query, window);
  },
);

/** `total` is null when the page is empty (past the end, or an empty folder): the caller reads the count alone then. */
export async function folderPage(
  db: Db,
  folder: FolderDef,
  viewer: FolderViewer,
  window: ListWindow,
): Promise<{ rows: ListRow[]; total: number | null }> {
  const written = writtenOffset(window.offset);
  const rows = await folderPageQuery(
    db,
    { folder, sort: window.sort, order: window.order, limit: window.limit, written },
    {
      ...(folder.mine ? { staffId: viewer.id } : {}),
      ...(folder.overdue ? { now: timeOf(viewer, folder) } : {}),
      ...(written === null ? { offset: window.offset } : {}),
    },
  );
  const first = rows[0];
  return { rows: rows as ListRow[], total: first ? first.folder_total : null };
}
