import {
  DEFAULT_PAGE_SIZE,
  LIMIT_ALL,
  LIST_SORT_COLUMNS,
  type ListSortColumn,
  PAGE_SIZE_OPTIONS,
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
}

/** The order a queue shows until the member sorts it: its folder's own (FolderView.defaultSort). */
export interface DefaultSort {
  sort: ListSortColumn;
  order: SortOrder;
}

/** A fresh queue (no parameters): page 1, 10 rows, the folder's own order, no search. */
const defaultsOf = (sort: DefaultSort): QueueParams => ({
  page: 1,
  perPage: DEFAULT_PAGE_SIZE,
  sort: sort.sort,
  order: sort.order,
  search: '',
});
const KEYS = { page: 'page', perPage: 'size', sort: 'sort', order: 'order', search: 'q' } as const;

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
  };
}

/**
 * Page, page size, sort and search live in the address, so Refresh, a reload and Back from an
 * order's detail all come back to the same page of the same queue. A fresh queue (no parameters)
 * starts on page 1 with 10 rows (SPEC §2, §9) in its folder's own order (`defaultSort`: newest
 * first, ChargeBack soonest deadline first). Defaults are left out of the address to keep it short.
 */
export function useQueueParams(defaultSort: DefaultSort): [QueueParams, (patch: Partial<QueueParams>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const defaults = useMemo(() => defaultsOf(defaultSort), [defaultSort]);
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
          for (const key of Object.keys(KEYS) as (keyof QueueParams)[]) {
            if (next[key] !== defaults[key]) out.set(KEYS[key], String(next[key]));
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
