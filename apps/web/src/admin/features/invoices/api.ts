import { DEFENCE_API } from '@eta/shared';
import { type BodyOf, type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';

const invoiceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendInvoice: build.mutation<ReplyOf<typeof DEFENCE_API.sendInvoice>, BodyOf<typeof DEFENCE_API.sendInvoice>>({
      query: (body) => requestOf(DEFENCE_API.sendInvoice, { body }),
    }),
  }),
});

export const { useSendInvoiceMutation } = invoiceApi;
