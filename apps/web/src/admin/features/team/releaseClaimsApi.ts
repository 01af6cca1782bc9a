import { CLAIMS_API } from '@eta/shared';
import { type BodyOf, type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';

const releaseClaimsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // the released orders are back in their queues, and out of the member's My Orders
    releaseClaims: build.mutation<ReplyOf<typeof CLAIMS_API.releaseClaims>, BodyOf<typeof CLAIMS_API.releaseClaims>>({
      query: (body) => requestOf(CLAIMS_API.releaseClaims, { body }),
      invalidatesTags: ['Orders', 'Counts'],
    }),
  }),
});

export const { useReleaseClaimsMutation } = releaseClaimsApi;
