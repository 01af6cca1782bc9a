import {
  DEFAULT_PAGE_SIZE,
  DISPUTE_PROCESSORS,
  DISPUTE_STATES,
  type DisputeProcessor,
  type DisputeState,
  PAGE_SIZE_OPTIONS,
} from '@eta/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { disputesSearch } from './disputesAddress.ts';

export interface DisputeFilters {
  /** the Unmatched tab */
  unmatched: boolean;
  state: DisputeState | undefined;
  processor: DisputeProcessor | undefined;
  /** a day (YYYY-MM-DD) from the date box, or an instant from the dashboard tile (its exact "3 days") */
  dueBefore: string | undefined;
  page: number;
  perPage: number;
}

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;
const DAY_OR_INSTANT = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/;

function parse(params: URLSearchParams): DisputeFilters {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const due = params.get('dueBefore');
  return {
    unmatched: params.get('view') === 'unmatched',
    state: oneOf(DISPUTE_STATES, params.get('state')),
    processor: oneOf(DISPUTE_PROCESSORS, params.get('processor')),
    dueBefore: due && DAY_OR_INSTANT.test(due) ? due : undefined,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    perPage: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/**
 * Tab, filters and page live in the address, so Back from an order's detail, a reload or the
 * dashboard's link shows the same list. A change of tab or filter starts again on page 1.
 */
export function useDisputeFilters(): [DisputeFilters, (patch: Partial<DisputeFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parse(params), [params]);
  const update = useCallback(
    (patch: Partial<DisputeFilters>) =>
      setParams(
        (prev) => {
          const next = { ...parse(prev), page: 1, ...patch };
          return disputesSearch({ ...next, perPage: next.perPage === DEFAULT_PAGE_SIZE ? undefined : next.perPage });
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, update];
}
