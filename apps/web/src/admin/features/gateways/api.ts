import { API_STATUS, type ApiEnvelope, type GatewaySettingInput, type PaymentGatewayRecord } from '@eta/shared';
import { baseApi } from '../../../store/baseApi.ts';

const gatewaysApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPaymentGateways: build.query<ApiEnvelope<PaymentGatewayRecord[]>, void>({
      query: () => 'admin/payment-gateways',
      transformResponse: (envelope: ApiEnvelope) => envelope as ApiEnvelope<PaymentGatewayRecord[]>,
      providesTags: ['Gateways'],
    }),
    setPaymentGateway: build.mutation<ApiEnvelope, GatewaySettingInput>({
      query: (body) => ({ url: 'admin/payment-gateway-setting', method: 'POST', body }),
      invalidatesTags: (envelope) => (envelope?.status === API_STATUS.ok ? ['Gateways'] : []),
    }),
  }),
});

export const { useGetPaymentGatewaysQuery, useSetPaymentGatewayMutation } = gatewaysApi;
