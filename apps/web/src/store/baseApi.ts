import type { ApiEnvelope, FolderCounts } from '@eta/shared';
import { type BaseQueryFn, createApi } from '@reduxjs/toolkit/query/react';
import { type RequestOptions, request } from '../lib/api.ts';

export type ApiArgs = string | (RequestOptions & { url: string });

/**
 * RTK Query over the one HTTP client. The envelope is always `data` (never `error`), because
 * SPEC §7 has failed calls hand the server's body back: screens read `status` and `message`.
 */
const envelopeQuery: BaseQueryFn<ApiArgs, ApiEnvelope, unknown> = async (args) => {
  const { url, ...options } = typeof args === 'string' ? { url: args } : args;
  return { data: await request(url, options) };
};

/** Features add their endpoints with `baseApi.injectEndpoints` next to their screens. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: envelopeQuery,
  tagTypes: ['Counts', 'Orders', 'Team', 'TeamTypes', 'Gateways'],
  // Several staff work the same queues: never trust a cache older than a minute.
  keepUnusedDataFor: 60,
  endpoints: (build) => ({
    // Lives here rather than in a feature: the order slice's `count` is filled from it (SPEC §3).
    getFolderCount: build.query<ApiEnvelope<FolderCounts>, string>({
      query: (userName) => ({ url: 'admin/get-folder-count', params: { userName } }),
      transformResponse: (envelope: ApiEnvelope) => envelope as ApiEnvelope<FolderCounts>,
      providesTags: ['Counts'],
    }),
  }),
});

export const { useLazyGetFolderCountQuery } = baseApi;
