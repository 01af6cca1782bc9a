import { PROCESSOR_API } from '@eta/shared';
import { type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';

/** An order's refunds through Stripe (DESIGN §26); a refund or a retry shows in the detail's Activity too. */
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Refunds', 'OrderDetail', 'Disputes'] });

const refundsApi = api.injectEndpoints({
  endpoints: (build) => ({
    orderRefunds: build.query<ReplyOf<typeof PROCESSOR_API.orderRefunds>, string>({
      query: (orderId) => requestOf(PROCESSOR_API.orderRefunds, { params: { orderId } }),
      providesTags: ['Refunds'],
    }),
    retryRefund: build.mutation<ReplyOf<typeof PROCESSOR_API.retryRefund>, number>({
      query: (id) => requestOf(PROCESSOR_API.retryRefund, { params: { id: String(id) } }),
      invalidatesTags: ['Refunds', 'OrderDetail'],
    }),
    processorSummary: build.query<ReplyOf<typeof PROCESSOR_API.summary>, void>({
      query: () => requestOf(PROCESSOR_API.summary, {}),
      providesTags: ['Refunds'],
    }),
    disputeEvidence: build.mutation<ReplyOf<typeof PROCESSOR_API.evidence>, { id: number; submit: boolean }>({
      query: ({ id, submit }) => requestOf(PROCESSOR_API.evidence, { params: { id: String(id) }, body: { submit } }),
      invalidatesTags: ['Disputes', 'OrderDetail'],
    }),
  }),
});

export const { useOrderRefundsQuery, useRetryRefundMutation, useProcessorSummaryQuery, useDisputeEvidenceMutation } =
  refundsApi;
