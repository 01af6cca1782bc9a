import { FIND_API } from '@eta/shared';
import { type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';

const findApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Orders move all day: a search is asked afresh each time, kept only a minute for going back to it
    findOrders: build.query<ReplyOf<typeof FIND_API.find>, { q: string; limit: number }>({
      query: (query) => requestOf(FIND_API.find, { query }),
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useFindOrdersQuery } = findApi;
