import { VIEWS_API } from '@eta/shared';
import { type BodyOf, type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';

/** Saved views (DESIGN §23): their counts move with the orders, so an order change reads them afresh too. */
const viewsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getViews: build.query<ReplyOf<typeof VIEWS_API.list>, void>({
      query: () => requestOf(VIEWS_API.list, {}),
      providesTags: ['Views'],
    }),
    createView: build.mutation<ReplyOf<typeof VIEWS_API.create>, BodyOf<typeof VIEWS_API.create>>({
      query: (body) => requestOf(VIEWS_API.create, { body }),
      invalidatesTags: ['Views'],
      extraOptions: { inline: true },
    }),
    updateView: build.mutation<ReplyOf<typeof VIEWS_API.update>, { id: number; body: BodyOf<typeof VIEWS_API.update> }>(
      {
        query: ({ id, body }) => requestOf(VIEWS_API.update, { params: { id }, body }),
        invalidatesTags: ['Views'],
      },
    ),
    deleteView: build.mutation<ReplyOf<typeof VIEWS_API.remove>, number>({
      query: (id) => requestOf(VIEWS_API.remove, { params: { id } }),
      invalidatesTags: ['Views'],
    }),
  }),
});

export const {
  useGetViewsQuery,
  useLazyGetViewsQuery,
  useCreateViewMutation,
  useUpdateViewMutation,
  useDeleteViewMutation,
} = viewsApi;
