import { findFolder, LIMIT_ALL, ORDERS_API, STATUS } from '@eta/shared';
import { type BodyOf, type ReplyOf, requestOf } from '../../../lib/endpoint.ts';
import { baseApi } from '../../../store/baseApi.ts';
import type { LiveState } from '../../../store/liveSlice.ts';
import type { QueueArgs } from '../../../store/orderSlice.ts';
import { applyLiveChanges } from './liveRows.ts';

export type { QueueArgs };

type OrderIds = Pick<BodyOf<typeof ORDERS_API.unassign>, 'orderId'>;

/** Every bulk action can change any queue and any count, and does so even when it partly fails. */
const AFTER_ACTION = ['Orders', 'Counts'] as const;

const queuesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // The list and the search answer alike (rows and total).
    getQueue: build.query<ReplyOf<typeof ORDERS_API.list>, QueueArgs>({
      query: ({ folderName, page, perPage, sort, order, search, userName, filters }) => {
        if (!search) {
          return requestOf(ORDERS_API.list, {
            params: { orderName: folderName },
            // SPEC §9: the list request always sends delay=1. DESIGN §23: the filters beside.
            query: { page, limit: perPage, sort, order, delay: '1', userName, ...filters },
          });
        }
        // search-order pages by row offsets (end exclusive); the caller caps All to one window.
        const size = perPage === LIMIT_ALL ? 0 : perPage;
        const start = (page - 1) * size;
        return requestOf(ORDERS_API.search, {
          body: { start, end: start + size, searchVal: search, folderName, sort, order },
        });
      },
      providesTags: ['Orders'],
      // A change heard while this page was on its way may have been read before it happened: applied
      // once the page lands (each event says where its order stands now, so twice changes nothing).
      async onQueryStarted(args, { getState, queryFulfilled, updateCachedData }) {
        const sent = Date.now();
        const folder = findFolder(args.folderName);
        if (!folder || !(await queryFulfilled.then(() => true).catch(() => false))) return;
        const { changes } = (getState() as unknown as { live: LiveState }).live;
        const heard = Object.values(changes).filter((change) => change.at >= sent);
        if (heard.length > 0) updateCachedData((reply) => applyLiveChanges(reply, folder, args.userName, heard));
      },
    }),
    assignOrders: build.mutation<ReplyOf<typeof ORDERS_API.assign>, BodyOf<typeof ORDERS_API.assign>>({
      query: (body) => requestOf(ORDERS_API.assign, { body }),
      invalidatesTags: [...AFTER_ACTION],
    }),
    unassignOrders: build.mutation<ReplyOf<typeof ORDERS_API.unassign>, OrderIds>({
      query: (body) => requestOf(ORDERS_API.unassign, { body }),
      invalidatesTags: [...AFTER_ACTION],
    }),
    deleteOrders: build.mutation<ReplyOf<typeof ORDERS_API.remove>, OrderIds>({
      query: ({ orderId }) => requestOf(ORDERS_API.remove, { body: { orderId, updatingStatus: STATUS.Deleted } }),
      invalidatesTags: [...AFTER_ACTION],
    }),
    /** "Move to…" on the selected rows (DESIGN §23): each order moved or refused with its reason */
    moveOrders: build.mutation<ReplyOf<typeof ORDERS_API.move>, { orderId: string[]; updatingStatus: string }>({
      query: (body) => requestOf(ORDERS_API.move, { body }),
      invalidatesTags: [...AFTER_ACTION],
    }),
    refundOrders: build.mutation<ReplyOf<typeof ORDERS_API.refund>, OrderIds>({
      query: (body) => requestOf(ORDERS_API.refund, { body }),
      invalidatesTags: [...AFTER_ACTION],
    }),
  }),
});

export const {
  useGetQueueQuery,
  useAssignOrdersMutation,
  useUnassignOrdersMutation,
  useDeleteOrdersMutation,
  useRefundOrdersMutation,
  useMoveOrdersMutation,
} = queuesApi;
export const queuesUtil = queuesApi.util;
/** For the order slice's selectors over the cache (store/orderSelectors.ts). */
export const queueEndpoints = queuesApi.endpoints;
