import {
  can,
  type FolderDef,
  filtersOf,
  findFolder,
  hasFilters,
  LIMIT_ALL,
  LIMIT_ALL_MAX,
  type ListSortColumn,
  ORDER_MSG,
  type OrderListItem,
  type OrderListQuery,
  type QueueFilters,
  type SearchOrderInput,
  type SortOrder,
  type TokenUser,
} from '@eta/shared';
import type { AppContext, Strategies } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { folderTotal } from './counts.service.ts';
import { filteredCount, filteredRows } from './filtered-list.repository.ts';
import type { FolderViewer } from './folder-filter.ts';
import { folderPage, type ListRow, type ListWindow, listRows } from './list.repository.ts';
import { createTrigramChooser } from './trigram-stats.ts';

/** below this expected share of orders matching, a search's page and count come from one pass */
const ONE_PASS_SHARE = 0.005;
/**
 * PostgreSQL walks the folder by date for a page (ListWindow.walk) when it expects to test at most
 * this many orders before the page is full: at a few microseconds each, a few milliseconds.
 */
const WALK_MAX_ROWS = 20_000;

export interface ListPage {
  items: OrderListItem[];
  total: number;
}

function toItem(row: ListRow, staff: TokenUser): OrderListItem {
  return {
    order_id: row.order_id,
    process_status: row.process_status,
    first_name: row.first_name,
    sur_name: row.sur_name,
    contact_email_address: row.contact_email_address,
    phone_number: row.phone_number,
    intended_travel_date: row.intended_travel_date,
    assign_to: row.assign_to ?? '',
    assigned_to_me: row.assigned_to === staff.id,
    created_at: row.created_at,
    refund_date: row.refund_date,
    respond_by: row.respond_by,
    sla_due_at: row.sla_due_at,
    sla_met_at: row.sla_met_at,
    sla_paused_at: row.sla_paused_at,
    follow_up_on: row.follow_up_on,
    refund_state: row.refund_state,
    customer_replied_at: row.customer_replied_at,
  };
}

/** The member's sort (desc unless they say), else the folder's own order (FolderView.defaultSort). */
function sortOf(folder: FolderDef, asked: { sort?: ListSortColumn; order?: SortOrder }) {
  if (!asked.sort) return { sort: folder.view.defaultSort.sort, order: asked.order ?? folder.view.defaultSort.order };
  return { sort: asked.sort, order: asked.order ?? 'desc' };
}

/** What the list service reads with: the app's context, or a search thread's (search-worker.ts). */
export type ListContext = Pick<AppContext, 'db' | 'clock'> & {
  strategies: Pick<Strategies, 'searchEngine' | 'searchThreads'>;
};

/** Queues (SPEC §2, §3): one folder's page, or a search inside it. */
export function createListService(ctx: ListContext) {
  const { searchEngine: engine, searchThreads } = ctx.strategies;
  const planSearch = createTrigramChooser(ctx, engine.trigrams);
  /** Unknown folder 404; a folder the member may not see 403 (Order History for Telecaller). */
  function folderFor(orderName: string, staff: TokenUser): FolderDef {
    const folder = findFolder(orderName);
    if (!folder) throw AppError.notFound(ORDER_MSG.unknownFolder);
    if (!can(staff.type, folder.capability)) throw AppError.forbidden();
    return folder;
  }

  /** The member, and the request's time for a folder bound to it (Overdue Orders). */
  const viewerOf = (staff: TokenUser, now: string): FolderViewer => ({ id: staff.id, now });

  async function page(folder: FolderDef, staff: TokenUser, window: ListWindow, now: string): Promise<OrderListItem[]> {
    return (await listRows(ctx.db, folder, viewerOf(staff, now), window)).map((row) => toItem(row, staff));
  }

  /** A folder's page and its count in one statement; an empty page (past the end) reads the count alone. */
  async function pageWithTotal(
    folder: FolderDef,
    staff: TokenUser,
    window: ListWindow,
    now: string,
  ): Promise<ListPage> {
    const viewer = viewerOf(staff, now);
    const found = await folderPage(ctx.db, folder, viewer, window);
    const total = found.total ?? (await folderTotal(ctx, folder, viewer));
    return { items: found.rows.map((row) => toItem(row, staff)), total };
  }

  /** A page under a queue's filters (DESIGN §23): its total is the filtered count, which stops at FILTERED_COUNT_CAP. */
  async function filteredList(
    folder: FolderDef,
    staff: TokenUser,
    filters: QueueFilters,
    query: OrderListQuery,
    window: Pick<ListWindow, 'sort' | 'order' | 'search'>,
    now: string,
  ): Promise<ListPage> {
    const viewer = viewerOf(staff, now);
    const total = await filteredCount(ctx.db, folder, viewer, filters, now);
    const all = query.limit === LIMIT_ALL;
    if (all && total > LIMIT_ALL_MAX)
      throw AppError.badRequest(ORDER_MSG.limitAllTooMany, { limit: ORDER_MSG.limitAllTooMany });
    const limit = all ? LIMIT_ALL_MAX : (query.limit as number);
    const offset = all ? 0 : (query.page - 1) * limit;
    // past the last match (or none at all): no page to read
    if (offset >= total) return { items: [], total };
    const rows = await filteredRows(ctx.db, folder, viewer, filters, { ...window, offset, limit }, now);
    return { items: rows.map((row) => toItem(row, staff)), total };
  }

  return {
    async list(staff: TokenUser, orderName: string, query: OrderListQuery): Promise<ListPage> {
      const folder = folderFor(orderName, staff);
      const window = { ...sortOf(folder, query), search: '' };
      const now = nowIso(ctx.clock);
      const filters = filtersOf(query);
      if (hasFilters(filters)) return filteredList(folder, staff, filters, query, window, now);
      // The total is the sidebar's count, read from the counter table: exact and free at any size.
      if (query.limit === LIMIT_ALL) {
        const total = await folderTotal(ctx, folder, viewerOf(staff, now));
        if (total > LIMIT_ALL_MAX)
          throw AppError.badRequest(ORDER_MSG.limitAllTooMany, { limit: ORDER_MSG.limitAllTooMany });
        return { items: await page(folder, staff, { ...window, offset: 0, limit: LIMIT_ALL_MAX }, now), total };
      }
      const offset = (query.page - 1) * query.limit;
      return pageWithTotal(folder, staff, { ...window, offset, limit: query.limit }, now);
    },

    /** `now`: the request's time, which a search thread is handed rather than reading its own clock. */
    async search(staff: TokenUser, input: SearchOrderInput, now: string = nowIso(ctx.clock)): Promise<ListPage> {
      const folder = folderFor(input.folderName, staff);
      // the same search, run by a thread of its own (SQLite: search-threads.ts)
      if (searchThreads) return searchThreads.call('search', staff, input, now);
      return searchIn(folder, staff, input, now);
    },

    searchIn,
  };

  /**
   * A search inside a folder the caller has already cleared the member for (search, above; Find,
   * find.service.ts, which searches every order a member may open, Order History's whole table
   * included, whatever their folders).
   */
  async function searchIn(
    folder: FolderDef,
    staff: TokenUser,
    input: Omit<SearchOrderInput, 'folderName'>,
    now: string,
  ): Promise<ListPage> {
    const search = input.searchVal.toLowerCase();
    const plan = search ? await planSearch(search) : { grams: [], share: 1, textShare: () => 1 };
    const window: ListWindow = {
      ...sortOf(folder, input),
      offset: input.start,
      limit: input.end - input.start,
      search,
      grams: plan.grams,
    };
    if (!search) return pageWithTotal(folder, staff, window, now);
    const viewer = viewerOf(staff, now);
    // A search expected to match few orders reads them once for the page and the count; a common one
    // (or one below three characters) keeps them apart, so the page may stop at its tenth match on
    // the date index while the count reads what it must: one pass would hold every match.
    const toItems = (rows: ListRow[]) => rows.map((row) => toItem(row, staff));
    if (plan.share < ONE_PASS_SHARE) {
      const found = await engine.pageWithTotal(ctx.db, folder, viewer, window);
      const total =
        found.total ?? (window.offset > 0 ? await engine.count(ctx.db, folder, viewer, search, window.grams) : 0);
      return { items: toItems(found.rows), total };
    }
    // only the date order comes from the folder's index; a rare text would be tested against all of it
    window.walk = window.sort === 'created_at' && input.end / plan.textShare() <= WALK_MAX_ROWS;
    const [rows, total] = await Promise.all([
      engine.page(ctx.db, folder, viewer, window),
      engine.count(ctx.db, folder, viewer, search, window.grams),
    ]);
    return { items: toItems(rows), total };
  }
}
