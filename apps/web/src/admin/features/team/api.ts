import {
  type AddMemberInput,
  API_STATUS,
  type ApiEnvelope,
  type Role,
  type TeamMemberRecord,
  type UpdateMemberInput,
} from '@eta/shared';
import { baseApi } from '../../../store/baseApi.ts';

export interface TeamMemberInfo {
  id: string;
  name: string;
  email: string;
  type: Role;
}

/** Only a successful write changes the list, so only then is it refetched. */
const onSuccess = (envelope: ApiEnvelope | undefined) =>
  envelope?.status === API_STATUS.ok ? (['Team'] as const) : [];

const teamApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTeamMemberList: build.query<ApiEnvelope<TeamMemberRecord[]>, void>({
      query: () => 'admin/get-team-member-list',
      transformResponse: (envelope: ApiEnvelope) => envelope as ApiEnvelope<TeamMemberRecord[]>,
      providesTags: ['Team'],
    }),
    getTeamMemberTypes: build.query<ApiEnvelope<Role[]>, void>({
      query: () => 'admin/get-team-member-type',
      transformResponse: (envelope: ApiEnvelope) => envelope as ApiEnvelope<Role[]>,
      providesTags: ['TeamTypes'],
    }),
    getTeamMemberInfo: build.query<ApiEnvelope<TeamMemberInfo>, string>({
      query: (id) => `admin/team-member-info/${encodeURIComponent(id)}`,
      transformResponse: (envelope: ApiEnvelope) => envelope as ApiEnvelope<TeamMemberInfo>,
      providesTags: ['Team'],
    }),
    addTeamMember: build.mutation<ApiEnvelope, AddMemberInput>({
      query: (body) => ({ url: 'admin/add-team-member', method: 'POST', body }),
      invalidatesTags: onSuccess,
    }),
    updateTeamMember: build.mutation<ApiEnvelope, UpdateMemberInput>({
      query: (body) => ({ url: 'admin/update-team-member', method: 'POST', body }),
      invalidatesTags: onSuccess,
    }),
    deleteTeamMember: build.mutation<ApiEnvelope, { teamMemberId: string }>({
      query: (body) => ({ url: 'admin/delete-team-member', method: 'PUT', body }),
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
