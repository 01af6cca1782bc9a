import { DISPUTES_API, type DisputeProcessor, type DisputeState, ORDERS_API, type ReportRange } from '@eta/shared';
import { type BodyOf, type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';

/** The Disputes screen's own tag; the order detail's, so a dispute change shows there too. */
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Disputes', 'OrderDetail'] });

/** One page of GET /admin/disputes: every filter optional, as the screen's address holds them. */
export interface DisputeListArgs {
  state?: DisputeState | undefined;
  processor?: DisputeProcessor | undefined;
  /** a day (its end) or an instant, as the dashboard tile sends it */
  dueBefore?: string | undefined;
  /** an instant: deadlines after it only (the dashboard tile leaves the overdue out of "due") */
  dueAfter?: string | undefined;
  unmatched?: boolean;
  page: number;
  limit: number;
}

/**
 * Opening or linking a dispute moves its order to ChargeBack (queues, counts); every change shows in
 * the order's detail (its disputes, its Activity) and in the ChargeBack queue's Respond by.
 */
const AFTER_CHANGE = ['Disputes', 'OrderDetail', 'Orders', 'Counts'] as const;

/** SPEC §7: `{ fromDate?, toDate? }`, open ends left out. */
const rangeBody = (range: ReportRange) => ({
  ...(range.fromDate ? { fromDate: range.fromDate } : {}),
  ...(range.toDate ? { toDate: range.toDate } : {}),
});

const disputesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A won dispute's order out of ChargeBack (issue 33): the detail's move, from the dispute. */
    moveOutOfChargeBack: build.mutation<ReplyOf<typeof ORDERS_API.move>, { orderId: string; updatingStatus: string }>({
      query: (body) => requestOf(ORDERS_API.move, { body }),
      invalidatesTags: [...AFTER_CHANGE],
    }),
    listDisputes: build.query<ReplyOf<typeof DISPUTES_API.list>, DisputeListArgs>({
      query: ({ unmatched, ...query }) =>
        requestOf(DISPUTES_API.list, { query: { ...query, unmatched: unmatched ? '1' : undefined } }),
      providesTags: ['Disputes'],
    }),
    openDispute: build.mutation<ReplyOf<typeof DISPUTES_API.open>, BodyOf<typeof DISPUTES_API.open>>({
      query: (body) => requestOf(DISPUTES_API.open, { body }),
      invalidatesTags: [...AFTER_CHANGE],
    }),
    updateDispute: build.mutation<
      ReplyOf<typeof DISPUTES_API.update>,
      { id: number; body: BodyOf<typeof DISPUTES_API.update> }
    >({
      query: ({ id, body }) => requestOf(DISPUTES_API.update, { params: { id }, body }),
      invalidatesTags: [...AFTER_CHANGE],
    }),
    // DESIGN §23: orders that may be an unmatched dispute's, offered in its Link dialog
    getDisputeCandidates: build.query<ReplyOf<typeof DISPUTES_API.candidates>, number>({
      query: (id) => requestOf(DISPUTES_API.candidates, { params: { id } }),
      providesTags: ['Disputes'],
    }),
    // Reports load on request (mount and Submit), each load with its SPEC §8 toast: a lazy query.
    getDisputeReport: build.query<ReplyOf<typeof DISPUTES_API.report>, ReportRange>({
      query: (range) => requestOf(DISPUTES_API.report, { body: rangeBody(range) }),
    }),
  }),
});

export const {
  useListDisputesQuery,
  useOpenDisputeMutation,
  useUpdateDisputeMutation,
  useLazyGetDisputeReportQuery,
  useMoveOutOfChargeBackMutation,
  useGetDisputeCandidatesQuery,
} = disputesApi;
