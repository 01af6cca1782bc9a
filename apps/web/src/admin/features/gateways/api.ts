import { GATEWAY_API } from '@eta/shared';
import { type BodyOf, type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';

const gatewaysApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPaymentGateways: build.query<ReplyOf<typeof GATEWAY_API.list>, void>({
      query: () => requestOf(GATEWAY_API.list),
      providesTags: ['Gateways'],
    }),
    setPaymentGateway: build.mutation<ReplyOf<typeof GATEWAY_API.activate>, BodyOf<typeof GATEWAY_API.activate>>({
      query: (body) => requestOf(GATEWAY_API.activate, { body }),
      invalidatesTags: (_envelope, error) => (error ? [] : ['Gateways']),
    }),
  }),
});

export const { useGetPaymentGatewaysQuery, useSetPaymentGatewayMutation } = gatewaysApi;
