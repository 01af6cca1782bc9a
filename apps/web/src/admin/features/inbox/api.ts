import { INBOX_API } from '@eta/shared';
import { type BodyOf, type InputOf, type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';

/** The order detail's tag (features/order/api.ts adds it too): a mail sent or linked is part of the order. */
const api = baseApi.enhanceEndpoints({ addTagTypes: ['OrderDetail', 'MailTemplates', 'InboundMail'] });

type TemplateBody = BodyOf<typeof INBOX_API.createTemplate>;

const inboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMailTemplates: build.query<ReplyOf<typeof INBOX_API.templates>, void>({
      query: () => requestOf(INBOX_API.templates),
      providesTags: ['MailTemplates'],
    }),
    createMailTemplate: build.mutation<ReplyOf<typeof INBOX_API.createTemplate>, TemplateBody>({
      query: (body) => requestOf(INBOX_API.createTemplate, { body }),
      invalidatesTags: ['MailTemplates'],
      // the form shows the refusal beside its fields
      extraOptions: { inline: true },
    }),
    updateMailTemplate: build.mutation<ReplyOf<typeof INBOX_API.updateTemplate>, { id: number; body: TemplateBody }>({
      query: ({ id, body }) => requestOf(INBOX_API.updateTemplate, { params: { id }, body }),
      invalidatesTags: ['MailTemplates'],
      extraOptions: { inline: true },
    }),
    deleteMailTemplate: build.mutation<ReplyOf<typeof INBOX_API.deleteTemplate>, number>({
      query: (id) => requestOf(INBOX_API.deleteTemplate, { params: { id } }),
      invalidatesTags: ['MailTemplates'],
    }),
    sendCustomerMail: build.mutation<
      ReplyOf<typeof INBOX_API.sendCustomerMail>,
      BodyOf<typeof INBOX_API.sendCustomerMail>
    >({
      query: (body) => requestOf(INBOX_API.sendCustomerMail, { body }),
      // the mail joins the conversation and Email History at once, queued
      invalidatesTags: ['OrderDetail'],
      extraOptions: { inline: true },
    }),
    getInboundMail: build.query<ReplyOf<typeof INBOX_API.inbound>, InputOf<typeof INBOX_API.inbound>['query']>({
      query: (query) => requestOf(INBOX_API.inbound, { query }),
      providesTags: ['InboundMail'],
    }),
    linkInboundMail: build.mutation<ReplyOf<typeof INBOX_API.linkInbound>, { id: number; orderId: string }>({
      query: ({ id, orderId }) => requestOf(INBOX_API.linkInbound, { params: { id }, body: { orderId } }),
      // the linked order's detail gains the mail (and may be marked as replied to)
      invalidatesTags: ['InboundMail', 'OrderDetail', 'Orders', 'Counts'],
      extraOptions: { inline: true },
    }),
  }),
});

export const {
  useGetMailTemplatesQuery,
  useCreateMailTemplateMutation,
  useUpdateMailTemplateMutation,
  useDeleteMailTemplateMutation,
  useSendCustomerMailMutation,
  useGetInboundMailQuery,
  useLinkInboundMailMutation,
} = inboxApi;
