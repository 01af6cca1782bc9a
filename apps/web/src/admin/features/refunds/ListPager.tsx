import { PAGE_LIMIT_MAX, pageCountOf } from '@eta/shared';
import { useEffect, useState } from 'react';
import { Pagination } from '../../../components/Pagination.tsx';

/** The processor lists' first page size: the same as the disputes list. */
const FIRST_PAGE_SIZE = 25;

/** A page and its size for one of the processor lists (Failed Refunds, Fraud warnings). */
export function usePage() {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(FIRST_PAGE_SIZE);
  return { page, perPage, setPage, setPerPage, args: { page, limit: perPage } };
}

/**
 * The pager under a processor list. The reply's `total` is the dashboard's count, so the count and
 * the list always agree; a page emptied meanwhile (refunds retried, warnings decided) moves back to
 * the new last page.
 */
export function ListPager({
  paging,
  total,
  settled,
}: {
  paging: ReturnType<typeof usePage>;
  total: number;
  /** the list's reply is current (not fetching): only then is `total` the list's own */
  settled: boolean;
}) {
  const { page, perPage, setPage, setPerPage } = paging;
  const pageCount = pageCountOf(total, perPage);
  useEffect(() => {
    if (settled && page > pageCount) setPage(Math.max(1, pageCount));
  }, [settled, page, pageCount, setPage]);
  return (
    <Pagination
      page={Math.min(page, Math.max(1, pageCount))}
      rowsPerPage={perPage}
      perPage={perPage}
      total={total}
      allowAll={false}
      onPage={setPage}
      onPerPage={(size) => {
        setPerPage(typeof size === 'number' ? size : PAGE_LIMIT_MAX);
        setPage(1);
      }}
    />
  );
}
