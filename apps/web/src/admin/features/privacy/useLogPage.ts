import { useState } from 'react';
import type { LogFilterValues } from './LogFilters.tsx';

/** Filters and paging of a log screen; a filter change goes back to page 1. */
export function useLogPage(initial: LogFilterValues = {}) {
  const [filters, setFilters] = useState<LogFilterValues>(initial);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(50);
  return {
    filters,
    page,
    perPage,
    query: { ...filters, page, limit: perPage },
    setFilters: (next: LogFilterValues) => {
      setFilters(next);
      setPage(1);
    },
    setPage,
    setPerPage: (size: number) => {
      setPerPage(size);
      setPage(1);
    },
  };
}
