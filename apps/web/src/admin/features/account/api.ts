import { ACCOUNT_API } from '@eta/shared';
import { type BodyOf, type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';

/** The signed-in member's account, sessions and second factor (DESIGN §17), and a member's sessions in Manage Team. */
const accountApi = baseApi.enhanceEndpoints({ addTagTypes: ['Account', 'Sessions'] }).injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<ReplyOf<typeof ACCOUNT_API.account>, void>({
      query: () => requestOf(ACCOUNT_API.account, {}),
      providesTags: ['Account'],
    }),
    getSessions: build.query<ReplyOf<typeof ACCOUNT_API.sessions>, void>({
      query: () => requestOf(ACCOUNT_API.sessions, {}),
      providesTags: ['Sessions'],
    }),
    getMemberSessions: build.query<ReplyOf<typeof ACCOUNT_API.memberSessions>, string>({
      query: (teamMemberId) => requestOf(ACCOUNT_API.memberSessions, { params: { teamMemberId } }),
      providesTags: ['Sessions'],
    }),
    revokeSession: build.mutation<ReplyOf<typeof ACCOUNT_API.revokeSession>, string>({
      query: (id) => requestOf(ACCOUNT_API.revokeSession, { params: { id } }),
      invalidatesTags: ['Sessions'],
    }),
    setupTwoFactor: build.mutation<ReplyOf<typeof ACCOUNT_API.setupTwoFactor>, void>({
      query: () => requestOf(ACCOUNT_API.setupTwoFactor, {}),
    }),
    enableTwoFactor: build.mutation<
      ReplyOf<typeof ACCOUNT_API.enableTwoFactor>,
      BodyOf<typeof ACCOUNT_API.enableTwoFactor>
    >({
      query: (body) => requestOf(ACCOUNT_API.enableTwoFactor, { body }),
      invalidatesTags: ['Account'],
      // refused codes are shown under the field (TwoFactorCard)
      extraOptions: { inline: true },
    }),
    disableTwoFactor: build.mutation<
      ReplyOf<typeof ACCOUNT_API.disableTwoFactor>,
      BodyOf<typeof ACCOUNT_API.disableTwoFactor>
    >({
      query: (body) => requestOf(ACCOUNT_API.disableTwoFactor, { body }),
      invalidatesTags: ['Account'],
      extraOptions: { inline: true },
    }),
    renewRecoveryCodes: build.mutation<ReplyOf<typeof ACCOUNT_API.recoveryCodes>, void>({
      query: () => requestOf(ACCOUNT_API.recoveryCodes, {}),
      invalidatesTags: ['Account'],
    }),
    resetMemberTwoFactor: build.mutation<ReplyOf<typeof ACCOUNT_API.resetMemberTwoFactor>, string>({
      query: (teamMemberId) => requestOf(ACCOUNT_API.resetMemberTwoFactor, { body: { teamMemberId } }),
      invalidatesTags: ['Team'],
    }),
  }),
});

export const {
  useGetAccountQuery,
  useGetSessionsQuery,
  useGetMemberSessionsQuery,
  useRevokeSessionMutation,
  useSetupTwoFactorMutation,
  useEnableTwoFactorMutation,
  useDisableTwoFactorMutation,
  useRenewRecoveryCodesMutation,
  useResetMemberTwoFactorMutation,
} = accountApi;
