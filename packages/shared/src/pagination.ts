/** SPEC §9 pagination: one sibling each side of the current page, first and last always shown. */
export const PAGE_SIBLINGS = 1;
const BOUNDARY = 1;
/** first + last + current + two siblings + two dots: up to this many pages, every page is shown. */
export const PAGES_SHOWN_IN_FULL = 2 * BOUNDARY + 2 * PAGE_SIBLINGS + 3;

export type PageItem = number | 'start-dots' | 'end-dots';

const range = (from: number, to: number): number[] =>
  to < from ? [] : Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The page buttons to draw for `page` of `pageCount` (1-based). Always the same number of slots
 * (seven) once there are more than seven pages, so the buttons never jump about while paging:
 * `1 2 3 4 5 … 20`, `1 … 9 10 11 … 20`, `1 … 16 17 18 19 20`. A dot slot only ever stands for two or
 * more pages; a single hidden page is shown as itself.
 */
export function pageItems(page: number, pageCount: number): PageItem[] {
  if (pageCount <= 0) return [];
  if (pageCount <= PAGES_SHOWN_IN_FULL) return range(1, pageCount);
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const lastStartPage = BOUNDARY;
  const firstEndPage = pageCount - BOUNDARY + 1;
  // The sibling window slides but stays clear of the boundary pages plus one slot for dots.
  const siblingsStart = Math.max(
    Math.min(current - PAGE_SIBLINGS, pageCount - BOUNDARY - PAGE_SIBLINGS * 2 - 1),
    BOUNDARY + 2,
  );
  const siblingsEnd = Math.min(Math.max(current + PAGE_SIBLINGS, BOUNDARY + PAGE_SIBLINGS * 2 + 2), firstEndPage - 2);
  return [
    ...range(1, lastStartPage),
    siblingsStart > BOUNDARY + 2 ? 'start-dots' : BOUNDARY + 1,
    ...range(siblingsStart, siblingsEnd),
    siblingsEnd < pageCount - BOUNDARY - 1 ? 'end-dots' : pageCount - BOUNDARY,
    ...range(firstEndPage, pageCount),
  ];
}

/** Pages needed for `total` rows at `perPage` a page (at least one, so an empty list still has page 1). */
export function pageCountOf(total: number, perPage: number): number {
  if (perPage <= 0) return 1;
  return Math.max(1, Math.ceil(total / perPage));
}

/** SPEC §5 and §9: list search boxes wait this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;
/** SPEC §2 and §9: list tables keep their header fixed over a scroll body this high. */
export const TABLE_SCROLL_HEIGHT_PX = 550;
