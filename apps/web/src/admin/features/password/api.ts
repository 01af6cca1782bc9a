import type { ApiEnvelope, ChangePasswordInput } from '@eta/shared';
import { baseApi } from '../../../store/baseApi.ts';

const passwordApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<ApiEnvelope, ChangePasswordInput>({
      query: (body) => ({ url: 'admin/change-password', method: 'POST', body }),
    }),
  }),
});

export const { useChangePasswordMutation } = passwordApi;
