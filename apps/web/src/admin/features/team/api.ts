import { TEAM_API } from '@eta/shared';
import { type BodyOf, type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';

/** Only a successful write changes the list, so only then is it refetched. */
const onSuccess = (_envelope: unknown, error: unknown) => (error ? [] : (['Team'] as const));

const teamApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTeamMemberList: build.query<ReplyOf<typeof TEAM_API.list>, void>({
      query: () => requestOf(TEAM_API.list),
      providesTags: ['Team'],
    }),
    getTeamMemberTypes: build.query<ReplyOf<typeof TEAM_API.types>, void>({
      query: () => requestOf(TEAM_API.types),
      providesTags: ['TeamTypes'],
    }),
    getTeamMemberInfo: build.query<ReplyOf<typeof TEAM_API.info>, string>({
      query: (id) => requestOf(TEAM_API.info, { params: { id } }),
      providesTags: ['Team'],
    }),
    addTeamMember: build.mutation<ReplyOf<typeof TEAM_API.add>, BodyOf<typeof TEAM_API.add>>({
      query: (body) => requestOf(TEAM_API.add, { body }),
      invalidatesTags: onSuccess,
    }),
    updateTeamMember: build.mutation<ReplyOf<typeof TEAM_API.update>, BodyOf<typeof TEAM_API.update>>({
      query: (body) => requestOf(TEAM_API.update, { body }),
      invalidatesTags: onSuccess,
    }),
    deleteTeamMember: build.mutation<ReplyOf<typeof TEAM_API.remove>, BodyOf<typeof TEAM_API.remove>>({
      query: (body) => requestOf(TEAM_API.remove, { body }),
      invalidatesTags: onSuccess,
    }),
  }),
});

export const {
  useGetTeamMemberListQuery,
  useGetTeamMemberTypesQuery,
  useGetTeamMemberInfoQuery,
  useAddTeamMemberMutation,
  useUpdateTeamMemberMutation,
  useDeleteTeamMemberMutation,
} = teamApi;
