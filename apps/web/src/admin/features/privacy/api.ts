import { type AccessLogQuery, type AuditLogQuery, type EraseOrderInput, PRIVACY_API } from '@eta/shared';
import { type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';

type Query<Q> = Partial<Record<keyof Q, string | number>>;

/** The access and audit logs and erasure (DESIGN §16), Admin only. */
const privacyApi = baseApi.enhanceEndpoints({ addTagTypes: ['AccessLog', 'AuditLog'] }).injectEndpoints({
  endpoints: (build) => ({
    getAccessLog: build.query<ReplyOf<typeof PRIVACY_API.accessLog>, Query<AccessLogQuery>>({
      query: (query) => requestOf(PRIVACY_API.accessLog, { query: query as never }),
      providesTags: ['AccessLog'],
      keepUnusedDataFor: 0,
    }),
    getAuditLog: build.query<ReplyOf<typeof PRIVACY_API.auditLog>, Query<AuditLogQuery>>({
      query: (query) => requestOf(PRIVACY_API.auditLog, { query: query as never }),
      providesTags: ['AuditLog'],
      keepUnusedDataFor: 0,
    }),
    eraseOrder: build.mutation<ReplyOf<typeof PRIVACY_API.erase>, { orderId: string } & Partial<EraseOrderInput>>({
      query: ({ orderId, ...body }) =>
        requestOf(PRIVACY_API.erase, { params: { orderId }, body: body as EraseOrderInput }),
      invalidatesTags: ['AccessLog', 'AuditLog'],
      // a legal hold and a missing reason are said in the modal; EraseModal toasts the rest
      extraOptions: { inline: true },
    }),
  }),
});

export const { useGetAccessLogQuery, useGetAuditLogQuery, useEraseOrderMutation } = privacyApi;
