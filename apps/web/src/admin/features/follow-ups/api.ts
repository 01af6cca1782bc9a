import { FOLLOW_UP_API } from '@eta/shared';
import { type BodyOf, type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';

/** The order detail's tag (features/order/api.ts adds it too): a follow-up date is part of the order. */
const api = baseApi.enhanceEndpoints({ addTagTypes: ['OrderDetail'] });

const followUpApi = api.injectEndpoints({
  endpoints: (build) => ({
    // the detail shows it, the queue rows carry it, the sidebar counts the due ones
    setFollowUp: build.mutation<ReplyOf<typeof FOLLOW_UP_API.followUp>, BodyOf<typeof FOLLOW_UP_API.followUp>>({
      query: (body) => requestOf(FOLLOW_UP_API.followUp, { body }),
      invalidatesTags: ['OrderDetail', 'Orders', 'Counts'],
    }),
  }),
});

export const { useSetFollowUpMutation } = followUpApi;
