import { CLAIMS_API } from '@eta/shared';
import { type BodyOf, type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';

const nextOrderApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // A claim changes the queue and My Orders' count; a refusal (none free) means the queue moved on.
    claimNextOrder: build.mutation<ReplyOf<typeof CLAIMS_API.nextOrder>, BodyOf<typeof CLAIMS_API.nextOrder>>({
      query: (body) => requestOf(CLAIMS_API.nextOrder, { body }),
      invalidatesTags: ['Orders', 'Counts'],
    }),
  }),
});

export const { useClaimNextOrderMutation } = nextOrderApi;
