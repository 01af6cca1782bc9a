import type { ApiEnvelope, SendInvoiceInput } from '@eta/shared';
import { baseApi } from '../../../store/baseApi.ts';

export interface SentInvoice {
  invoiceNumber: string;
  mailId: number;
}

const invoiceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendInvoice: build.mutation<ApiEnvelope<SentInvoice>, SendInvoiceInput>({
      query: (body) => ({ url: 'admin/send-invoice', method: 'POST', body }),
      transformResponse: (envelope: ApiEnvelope) => envelope as ApiEnvelope<SentInvoice>,
    }),
  }),
});

export const { useSendInvoiceMutation } = invoiceApi;
