import { NOTIFICATION_PAGE_DEFAULT, NOTIFICATIONS_API } from '@eta/shared';
import { type BodyOf, type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';

/** The bell's own tag: a new notification (the live stream) or a read one changes its list. */
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Notifications'] });

const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<ReplyOf<typeof NOTIFICATIONS_API.list>, void>({
      query: () => requestOf(NOTIFICATIONS_API.list, { query: { limit: NOTIFICATION_PAGE_DEFAULT } }),
      providesTags: ['Notifications'],
    }),
    readNotifications: build.mutation<ReplyOf<typeof NOTIFICATIONS_API.read>, BodyOf<typeof NOTIFICATIONS_API.read>>({
      query: (body) => requestOf(NOTIFICATIONS_API.read, { body }),
      invalidatesTags: ['Notifications'],
    }),
    // who the remark box may suggest after @: the team changes seldom, so it is kept a while
    getMentionable: build.query<ReplyOf<typeof NOTIFICATIONS_API.mentionable>, void>({
      query: () => requestOf(NOTIFICATIONS_API.mentionable),
      keepUnusedDataFor: 600,
    }),
  }),
});

export const { useGetNotificationsQuery, useReadNotificationsMutation, useGetMentionableQuery } = notificationsApi;
