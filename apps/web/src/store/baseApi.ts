import { type ApiEnvelope, ORDERS_API } from '@eta/shared';
import { type BaseQueryFn, createApi } from '@reduxjs/toolkit/query/react';
import { type RequestOptions, send } from '../lib/api.ts';
import { type ApiError, apiErrorOf, isRefusal } from '../lib/apiError.ts';
import { type ReplyOf, requestOf } from '../lib/endpoint.ts';
import { notifyRefusal } from '../lib/notify.ts';

export type ApiArgs = RequestOptions & { url: string };

/** What an endpoint may say about its refusals (`extraOptions` of its definition). */
export interface RefusalOptions {
  /** The screen shows this mutation's refusals itself (inline): no toast. */
  inline?: boolean;
}

/**
 * RTK Query over the one HTTP client. A success is `data` (the envelope, whose message the screen
 * may toast); every refusal is `error`, an `ApiError` (envelope status ≠ 1, HTTP ≥ 400, or no reply),
 * so `unwrap()` rejects and screens read `isError`/`error`. The one place refusals are told: the
 * HTTP client has already handled a 401 (sign-out), the enrolment redirect and "confirm it is you";
 * here a refused mutation is toasted, unless its endpoint shows it inline or it was handled there.
 * Endpoints build their args with `requestOf(endpoint, input)` and type their result `ReplyOf<endpoint>`:
 * both come from the endpoint's contract (DESIGN §13).
 */
const envelopeQuery: BaseQueryFn<ApiArgs, ApiEnvelope, ApiError, RefusalOptions> = async (
  { url, ...options },
  api,
  extraOptions,
) => {
  const outcome = await send(url, options);
  if (!isRefusal(outcome)) return { data: outcome.envelope };
  const error = apiErrorOf(outcome);
  if (api.type === 'mutation' && !extraOptions?.inline) notifyRefusal(error);
  return { error };
};

/** Features add their endpoints with `baseApi.injectEndpoints` next to their screens. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: envelopeQuery,
  tagTypes: ['Counts', 'Orders', 'Team', 'TeamTypes', 'Gateways', 'Views'],
  // Several staff work the same queues: never trust a cache older than a minute.
  keepUnusedDataFor: 60,
  endpoints: (build) => ({
    // Lives here rather than in a feature: the order slice's `count` selects it (SPEC §3). A refresh
    // the server refused is an error, so the cache keeps the last counts it gave: the sidebar and the
    // dashboard go on showing them instead of emptying on one failed call.
    getFolderCount: build.query<ReplyOf<typeof ORDERS_API.folderCounts>, string>({
      query: (userName) => requestOf(ORDERS_API.folderCounts, { query: { userName } }),
      providesTags: ['Counts'],
    }),
  }),
});

export const { useLazyGetFolderCountQuery } = baseApi;
