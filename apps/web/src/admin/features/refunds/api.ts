import { type FraudWarningState, PROCESSOR_API, type RefundState } from '@eta/shared';
import { type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';

/** An order's refunds through Stripe (DESIGN §26); a refund or a retry shows in the detail's Activity too. */
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Refunds', 'OrderDetail', 'Disputes', 'FraudWarnings'] });

/** One page of a processor list, in one state or all of them. */
export interface PageArgs<S extends string> {
  state?: S;
  page: number;
  limit: number;
}

const refundsApi = api.injectEndpoints({
  endpoints: (build) => ({
    orderRefunds: build.query<ReplyOf<typeof PROCESSOR_API.orderRefunds>, string>({
      query: (orderId) => requestOf(PROCESSOR_API.orderRefunds, { params: { orderId } }),
      providesTags: ['Refunds'],
    }),
    /** a page of refunds across orders, newest first; `failed`: the dashboard's "Refund failed" (its total) */
    refunds: build.query<ReplyOf<typeof PROCESSOR_API.refunds>, PageArgs<RefundState>>({
      query: ({ state, page, limit }) =>
        requestOf(PROCESSOR_API.refunds, { query: { ...(state ? { state } : {}), page, limit } }),
      providesTags: ['Refunds'],
    }),
    /** part (or, `amount` left out, all) of what remains of a Stripe-paid order */
    createRefund: build.mutation<ReplyOf<typeof PROCESSOR_API.createRefund>, { orderId: string; amount: string }>({
      query: ({ orderId, amount }) => requestOf(PROCESSOR_API.createRefund, { params: { orderId }, body: { amount } }),
      invalidatesTags: ['Refunds', 'OrderDetail'],
      // the section shows the refusal beside the amount
      extraOptions: { inline: true },
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
      // the screen shows the refusal beside the button or in its dialog
      extraOptions: { inline: true },
    }),
    acceptDispute: build.mutation<ReplyOf<typeof PROCESSOR_API.accept>, number>({
      query: (id) => requestOf(PROCESSOR_API.accept, { params: { id: String(id) } }),
      invalidatesTags: ['Disputes', 'OrderDetail'],
      // the screen shows the refusal beside the button or in its dialog
      extraOptions: { inline: true },
    }),
    fraudWarnings: build.query<ReplyOf<typeof PROCESSOR_API.fraudWarnings>, PageArgs<FraudWarningState>>({
      query: ({ state, page, limit }) =>
        requestOf(PROCESSOR_API.fraudWarnings, { query: { ...(state ? { state } : {}), page, limit } }),
      providesTags: ['FraudWarnings'],
    }),
    // A decided warning leaves the open count and, refunded, adds a refund to its order.
    refundWarning: build.mutation<ReplyOf<typeof PROCESSOR_API.refundWarning>, number>({
      query: (id) => requestOf(PROCESSOR_API.refundWarning, { params: { id: String(id) } }),
      invalidatesTags: ['FraudWarnings', 'Refunds', 'OrderDetail'],
      // the screen shows the refusal beside the button or in its dialog
      extraOptions: { inline: true },
    }),
    keepWarning: build.mutation<ReplyOf<typeof PROCESSOR_API.keepWarning>, { id: number; reason: string }>({
      query: ({ id, reason }) => requestOf(PROCESSOR_API.keepWarning, { params: { id: String(id) }, body: { reason } }),
      invalidatesTags: ['FraudWarnings', 'Refunds', 'OrderDetail'],
      // the screen shows the refusal beside the button or in its dialog
      extraOptions: { inline: true },
    }),
  }),
});

export const {
  useOrderRefundsQuery,
  useRefundsQuery,
  useRetryRefundMutation,
  useCreateRefundMutation,
  useProcessorSummaryQuery,
  useDisputeEvidenceMutation,
  useAcceptDisputeMutation,
  useFraudWarningsQuery,
  useRefundWarningMutation,
  useKeepWarningMutation,
} = refundsApi;
