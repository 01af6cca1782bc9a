import type {
  ApiEnvelope,
  EmailContent,
  MailProvider,
  OrderDetail,
  RemarkRecord,
  StatusChangeResult,
} from '@eta/shared';
import { baseApi } from '../../../store/baseApi.ts';

/** SPEC §3 remark payload: each flag 'Y' when ticked. */
export interface RemarkPayload {
  orderId: string;
  remark: string;
  remarkerName: string;
  whatsapp: 'Y' | 'N';
  telephone: 'Y' | 'N';
  statusRefund: 'Y' | 'N';
  voided: 'Y' | 'N';
  chargeBack: 'Y' | 'N';
}

export interface MailPayload {
  orderId: string;
  email: string;
  mailServiceProvider: MailProvider;
}

export interface UploadPayload extends MailPayload {
  file: File;
}

/** The detail's own tag lives here, so the shared store does not need to know about this screen. */
const api = baseApi.enhanceEndpoints({ addTagTypes: ['OrderDetail'] });

/** Any write to the order changes its detail (lists, Activity); moves change every queue and count too. */
const DETAIL = ['OrderDetail'] as const;
const AFTER_MOVE = ['OrderDetail', 'Orders', 'Counts'] as const;

const orderApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrderDetail: build.query<ApiEnvelope<OrderDetail>, string>({
      query: (orderId) => `admin/get-orders-details/${encodeURIComponent(orderId)}`,
      transformResponse: (envelope: ApiEnvelope) => envelope as ApiEnvelope<OrderDetail>,
      providesTags: ['OrderDetail'],
    }),
    getEmailContent: build.query<ApiEnvelope<EmailContent>, string>({
      query: (orderId) => `admin/email-content/${encodeURIComponent(orderId)}`,
      transformResponse: (envelope: ApiEnvelope) => envelope as ApiEnvelope<EmailContent>,
      // The preview follows the order's current data: never shown from an old cache.
      keepUnusedDataFor: 0,
    }),
    addRemark: build.mutation<ApiEnvelope<RemarkRecord>, RemarkPayload>({
      query: (body) => ({ url: 'admin/add-new-remark', method: 'POST', body }),
      invalidatesTags: [...DETAIL],
    }),
    moveOrderStatus: build.mutation<ApiEnvelope, { orderId: string; updatingStatus: string }>({
      query: (body) => ({ url: 'admin/move-order-status', method: 'PUT', body }),
      // Refetched even after a refusal: the usual cause is someone else having moved the order.
      invalidatesTags: [...AFTER_MOVE],
    }),
    completeRefund: build.mutation<ApiEnvelope<StatusChangeResult>, { orderId: string[] }>({
      query: (body) => ({ url: 'admin/move-to-complete-refund', method: 'PUT', body }),
      invalidatesTags: [...AFTER_MOVE],
    }),
    uploadVisaDocument: build.mutation<ApiEnvelope, UploadPayload>({
      query: ({ file, ...fields }) => {
        const form = new FormData();
        form.set('orderId', fields.orderId);
        form.set('email', fields.email);
        form.set('mailServiceProvider', fields.mailServiceProvider);
        form.set('uploadVisaDoc', file, file.name);
        return { url: 'admin/upload-visa-document', method: 'POST', body: form };
      },
      invalidatesTags: [...DETAIL],
    }),
    resendMail: build.mutation<ApiEnvelope, MailPayload>({
      query: (body) => ({ url: 'admin/resend-mail', method: 'POST', body }),
      invalidatesTags: [...DETAIL],
    }),
    sendRejectionMail: build.mutation<ApiEnvelope, { orderId: string; email: string }>({
      query: (body) => ({ url: 'admin/send-rejection-mail', method: 'POST', body }),
      invalidatesTags: [...DETAIL],
    }),
    retryMail: build.mutation<ApiEnvelope, { orderId: string; mailId?: number }>({
      query: (body) => ({ url: 'admin/retry-mail', method: 'POST', body }),
      invalidatesTags: [...DETAIL],
    }),
  }),
});

export const {
  useGetOrderDetailQuery,
  useGetEmailContentQuery,
  useAddRemarkMutation,
  useMoveOrderStatusMutation,
  useCompleteRefundMutation,
  useUploadVisaDocumentMutation,
  useResendMailMutation,
  useSendRejectionMailMutation,
  useRetryMailMutation,
} = orderApi;
/** For the order slice's selectors over the cache (store/orderSelectors.ts). */
export const orderEndpoints = orderApi.endpoints;
