import {
  DEFAULT_PAGE_SIZE,
  LIMIT_ALL,
  LIST_SORT_COLUMNS,
  type ListSortColumn,
  PAGE_SIZE_OPTIONS,
  QUEUE_FILTER_KEYS,
  type SortOrder,
} from '@eta/shared';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';

export type PerPage = number | typeof LIMIT_ALL;

export interface QueueParams {
  page: number;
  perPage: PerPage;
  sort: ListSortColumn;
  order: SortOrder;
  search: string;
  /** DESIGN §23: the queue's filters, by query parameter ('' or absent: none) */
  filters: QueueFilterValues;
}

export type QueueFilterValues = Readonly<Record<string, string>>;

/** The order a queue shows until the member sorts it: its folder's own (FolderView.defaultSort). */
export interface DefaultSort {
  sort: ListSortColumn;
  order: SortOrder;
}

/** A fresh queue (no parameters): page 1, 10 rows, the folder's own order, no search. */
const defaultsOf = (sort: DefaultSort, filters: QueueFilterValues): QueueParams => ({
  page: 1,
  perPage: DEFAULT_PAGE_SIZE,
  sort: sort.sort,
  order: sort.order,
  search: '',
  filters,
});
const KEYS = { page: 'page', perPage: 'size', sort: 'sort', order: 'order', search: 'q' } as const;
/**
 * Set when the address says which filters hold, none included: a saved view's own filters are its
 * defaults, so clearing one of them must be said, not left out.
 */
const OWN_FILTERS = 'f';

const sameFilters = (a: QueueFilterValues, b: QueueFilterValues) =>
  QUEUE_FILTER_KEYS.every((key) => (a[key] ?? '') === (b[key] ?? ''));

function filtersIn(params: URLSearchParams, defaults: QueueFilterValues): QueueFilterValues {
  const own = params.has(OWN_FILTERS) || QUEUE_FILTER_KEYS.some((key) => params.has(key));
  if (!own) return defaults;
  const filters: Record<string, string> = {};
  for (const key of QUEUE_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

function parsePerPage(raw: string | null): PerPage {
  if (raw === LIMIT_ALL) return LIMIT_ALL;
  const n = Number(raw);
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(n) ? n : DEFAULT_PAGE_SIZE;
}

function parse(params: URLSearchParams, defaults: QueueParams): QueueParams {
  const page = Number(params.get(KEYS.page));
  const sort = params.get(KEYS.sort) as ListSortColumn | null;
  const order = params.get(KEYS.order);
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : defaults.page,
    perPage: parsePerPage(params.get(KEYS.perPage)),
    sort: sort && LIST_SORT_COLUMNS.includes(sort) ? sort : defaults.sort,
    order: order === 'asc' || order === 'desc' ? order : defaults.order,
    search: (params.get(KEYS.search) ?? '').trim(),
    filters: filtersIn(params, defaults.filters),
  };
}

const NO_FILTERS: QueueFilterValues = {};

/**
 * Page, page size, sort, search and filters live in the address, so Refresh, a reload and Back from an
 * order's detail all come back to the same page of the same queue. A fresh queue (no parameters)
 * starts on page 1 with 10 rows (SPEC §2, §9) in its folder's own order (`defaultSort`: newest
 * first, ChargeBack soonest deadline first). Defaults are left out of the address to keep it short.
 */
export function useQueueParams(
  defaultSort: DefaultSort,
  defaultFilters: QueueFilterValues = NO_FILTERS,
): [QueueParams, (patch: Partial<QueueParams>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const defaults = useMemo(() => defaultsOf(defaultSort, defaultFilters), [defaultSort, defaultFilters]);
  const current = useMemo(() => parse(searchParams, defaults), [searchParams, defaults]);

  const update = useCallback(
    (patch: Partial<QueueParams>) => {
      // A search that settles just after a click on View must not land on the order page's address:
      // while the next page loads this queue is still mounted, but the router is already elsewhere.
      if (window.location.pathname !== pathname) return;
      setSearchParams(
        (prev) => {
          const next = { ...parse(prev, defaults), ...patch };
          const out = new URLSearchParams();
          for (const key of Object.keys(KEYS) as (keyof typeof KEYS)[]) {
            if (next[key] !== defaults[key]) out.set(KEYS[key], String(next[key]));
          }
          if (!sameFilters(next.filters, defaults.filters)) {
            out.set(OWN_FILTERS, '1');
            for (const key of QUEUE_FILTER_KEYS) if (next.filters[key]) out.set(key, next.filters[key]);
          }
          return out;
        },
        // Paging and typing should not fill the history: Back leaves the queue, as users expect.
        { replace: true },
      );
    },
    [setSearchParams, pathname, defaults],
  );

  return [current, update];
}
