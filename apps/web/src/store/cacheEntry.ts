import type { ApiEnvelope } from '@eta/shared';
import { skipToken } from '@reduxjs/toolkit/query';

/**
 * What RTK Query's `endpoint.select(arg)` gives: a selector of that argument's cache entry. Its state
 * type is left open: an endpoint injected with its own tag types (order/api.ts) names a root state
 * that differs from the store's in types only; at run time every endpoint reads the one `state.api`.
 */
interface SelectableEndpoint<Arg, Entry> {
  select: (arg: Arg | typeof skipToken) => (state: never) => Entry;
}

/**
 * A selector of the cache entry for the argument that `argOf` reads from the state (the slice's
 * "which one is on screen"), or of no entry while it reads null.
 *
 * `endpoint.select(arg)` builds a new selector on every call, and its results are only stable
 * within one selector: this keeps the one built for the current argument, so components and
 * `createSelector` inputs see the same entry object until the entry or the argument changes.
 */
export function selectEntryOf<Arg, State, Entry>(
  endpoint: SelectableEndpoint<Arg, Entry>,
  argOf: (state: State) => Arg | null,
): (state: State) => Entry {
  const build = (arg: Arg | null) => endpoint.select(arg ?? skipToken) as unknown as (state: State) => Entry;
  let lastArg: Arg | null = null;
  let select = build(null);
  return (state) => {
    const arg = argOf(state);
    if (arg !== lastArg) {
      lastArg = arg;
      select = build(arg);
    }
    return select(state);
  };
}

const NO_ROWS: never[] = [];
/**
 * The rows of a list reply; none before the reply or on a refusal (one empty array, so selectors
 * stay stable). A refusal is RTK Query's error, never the cached data: callers pass no data then.
 */
export const rowsOf = <T>(envelope: ApiEnvelope<T[]> | undefined): T[] => envelope?.data ?? NO_ROWS;
