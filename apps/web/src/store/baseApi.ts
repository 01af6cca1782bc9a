import { API_STATUS, type ApiEnvelope, ORDERS_API } from '@eta/shared';
import { type BaseQueryFn, createApi } from '@reduxjs/toolkit/query/react';
import { type RequestOptions, request } from '../lib/api.ts';
import { type ReplyOf, requestOf } from '../lib/endpoint.ts';

export type ApiArgs = RequestOptions & { url: string };

/**
 * RTK Query over the one HTTP client. The envelope is always `data` (never `error`), because
 * SPEC §7 has failed calls hand the server's body back: screens read `status` and `message`.
 * Endpoints build their args with `requestOf(endpoint, input)` and type their result `ReplyOf<endpoint>`:
 * both come from the endpoint's contract (DESIGN §13).
 */
const envelopeQuery: BaseQueryFn<ApiArgs, ApiEnvelope, unknown> = async ({ url, ...options }) => ({
  data: await request(url, options),
});

/** Features add their endpoints with `baseApi.injectEndpoints` next to their screens. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: envelopeQuery,
  tagTypes: ['Counts', 'Orders', 'Team', 'TeamTypes', 'Gateways'],
  // Several staff work the same queues: never trust a cache older than a minute.
  keepUnusedDataFor: 60,
  endpoints: (build) => ({
    // Lives here rather than in a feature: the order slice's `count` selects it (SPEC §3). A refresh
    // the server refused is an error, so the cache keeps the last counts it gave: the sidebar and the
    // dashboard go on showing them instead of emptying on one failed call.
    getFolderCount: build.query<ReplyOf<typeof ORDERS_API.folderCounts>, string>({
      queryFn: async (userName, _api, _extra, baseQuery) => {
        const { data } = await baseQuery(requestOf(ORDERS_API.folderCounts, { query: { userName } }));
        const envelope = data as ReplyOf<typeof ORDERS_API.folderCounts>;
        return envelope.status === API_STATUS.ok ? { data: envelope } : { error: envelope };
      },
      providesTags: ['Counts'],
    }),
  }),
});

export const { useLazyGetFolderCountQuery } = baseApi;
