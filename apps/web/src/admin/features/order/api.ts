import { DETAIL_API, ORDERS_API } from '@eta/shared';
import { type BodyOf, type FormOf, type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';

/** The detail's own tag lives here, so the shared store does not need to know about this screen. */
const api = baseApi.enhanceEndpoints({ addTagTypes: ['OrderDetail'] });

/** Any write to the order changes its detail (lists, Activity); moves change every queue and count too. */
const DETAIL = ['OrderDetail'] as const;
const AFTER_MOVE = ['OrderDetail', 'Orders', 'Counts'] as const;

/** Multipart (SPEC §7 "multipart upload by POST"): each part under its contract name. */
function formOf(parts: FormOf<typeof DETAIL_API.upload>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (value instanceof File) form.set(name, value, value.name);
    else if (value != null) form.set(name, value);
  }
  return form;
}

const orderApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrderDetail: build.query<ReplyOf<typeof DETAIL_API.detail>, string>({
      query: (orderId) => requestOf(DETAIL_API.detail, { params: { orderId } }),
      providesTags: ['OrderDetail'],
    }),
    getEmailContent: build.query<ReplyOf<typeof DETAIL_API.emailContent>, string>({
      query: (orderId) => requestOf(DETAIL_API.emailContent, { params: { orderId } }),
      // The preview follows the order's current data: never shown from an old cache.
      keepUnusedDataFor: 0,
    }),
    addRemark: build.mutation<ReplyOf<typeof DETAIL_API.addRemark>, BodyOf<typeof DETAIL_API.addRemark>>({
      query: (body) => requestOf(DETAIL_API.addRemark, { body }),
      invalidatesTags: [...DETAIL],
    }),
    moveOrderStatus: build.mutation<ReplyOf<typeof ORDERS_API.move>, BodyOf<typeof ORDERS_API.move>>({
      query: (body) => requestOf(ORDERS_API.move, { body }),
      // Refetched even after a refusal: the usual cause is someone else having moved the order.
      invalidatesTags: [...AFTER_MOVE],
    }),
    /** DESIGN §23: a Deleted order back to the status it had before */
    restoreOrder: build.mutation<ReplyOf<typeof ORDERS_API.restore>, BodyOf<typeof ORDERS_API.restore>>({
      query: (body) => requestOf(ORDERS_API.restore, { body }),
      invalidatesTags: [...AFTER_MOVE],
    }),
    completeRefund: build.mutation<ReplyOf<typeof ORDERS_API.refund>, { orderId: string[] }>({
      query: (body) => requestOf(ORDERS_API.refund, { body }),
      invalidatesTags: [...AFTER_MOVE],
    }),
    uploadVisaDocument: build.mutation<ReplyOf<typeof DETAIL_API.upload>, FormOf<typeof DETAIL_API.upload>>({
      query: (parts) => requestOf(DETAIL_API.upload, { body: formOf(parts) }),
      // Upload & complete (DESIGN §23) moves the order too: every queue and count with it
      invalidatesTags: (_result, _error, parts) => (parts.complete === 'true' ? [...AFTER_MOVE] : [...DETAIL]),
      // SPEC §8: nothing but the form's own red text on a refusal
      extraOptions: { inline: true },
    }),
    resendMail: build.mutation<ReplyOf<typeof DETAIL_API.resendMail>, BodyOf<typeof DETAIL_API.resendMail>>({
      query: (body) => requestOf(DETAIL_API.resendMail, { body }),
      invalidatesTags: [...DETAIL],
      extraOptions: { inline: true },
    }),
    sendRejectionMail: build.mutation<
      ReplyOf<typeof DETAIL_API.rejectionMail>,
      BodyOf<typeof DETAIL_API.rejectionMail>
    >({
      query: (body) => requestOf(DETAIL_API.rejectionMail, { body }),
      invalidatesTags: [...DETAIL],
      // SPEC §8's own texts for this one's refusals (useDocumentActions)
      extraOptions: { inline: true },
    }),
    retryMail: build.mutation<ReplyOf<typeof DETAIL_API.retryMail>, BodyOf<typeof DETAIL_API.retryMail>>({
      query: (body) => requestOf(DETAIL_API.retryMail, { body }),
      invalidatesTags: [...DETAIL],
    }),
  }),
});

export const {
  useGetOrderDetailQuery,
  useGetEmailContentQuery,
  useAddRemarkMutation,
  useMoveOrderStatusMutation,
  useRestoreOrderMutation,
  useCompleteRefundMutation,
  useUploadVisaDocumentMutation,
  useResendMailMutation,
  useSendRejectionMailMutation,
  useRetryMailMutation,
} = orderApi;
/** For the order slice's selectors over the cache (store/orderSelectors.ts). */
export const orderEndpoints = orderApi.endpoints;
