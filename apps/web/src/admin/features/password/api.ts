import { AUTH_API } from '@eta/shared';
import { type BodyOf, type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';

const passwordApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<ReplyOf<typeof AUTH_API.changePassword>, BodyOf<typeof AUTH_API.changePassword>>({
      query: (body) => requestOf(AUTH_API.changePassword, { body }),
    }),
  }),
});

export const { useChangePasswordMutation } = passwordApi;
