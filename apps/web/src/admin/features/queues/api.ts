import {
  type ApiEnvelope,
  type AssignResult,
  LIMIT_ALL,
  type ListSortColumn,
  type OrderListItem,
  type SortOrder,
  STATUS,
  type StatusChangeResult,
  type UnassignResult,
} from '@eta/shared';
import { baseApi } from '../../../store/baseApi.ts';

/** One page of one queue: the folder's list, or a search inside it when `search` is not blank. */
export interface QueueArgs {
  folderName: string;
  page: number;
  /** rows per page, or All (SPEC §9) */
  perPage: number | typeof LIMIT_ALL;
  sort: ListSortColumn;
  order: SortOrder;
  search: string;
  /** SPEC §6: lists are requested with the member's name (the server reads the token; DESIGN §5). */
  userName: string;
}

interface OrderIds {
  orderId: string[];
}

/** Every bulk action can change any queue and any count, and does so even when it partly fails. */
const AFTER_ACTION = ['Orders', 'Counts'] as const;

const queuesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getQueue: build.query<ApiEnvelope<OrderListItem[]>, QueueArgs>({
      query: ({ folderName, page, perPage, sort, order, search, userName }) => {
        if (!search) {
          return {
            url: `admin/get-orders-list/${encodeURIComponent(folderName)}`,
            // SPEC §9: the list request always sends delay=1.
            params: { page, limit: perPage, sort, order, delay: 1, userName },
          };
        }
        // search-order pages by row offsets (end exclusive); the caller caps All to one window.
        const size = perPage === LIMIT_ALL ? 0 : perPage;
        const start = (page - 1) * size;
        return {
          url: 'admin/search-order',
          method: 'POST',
          body: { start, end: start + size, searchVal: search, folderName, sort, order },
        };
      },
      transformResponse: (envelope: ApiEnvelope) => envelope as ApiEnvelope<OrderListItem[]>,
      providesTags: ['Orders'],
    }),
    assignOrders: build.mutation<ApiEnvelope<AssignResult>, OrderIds & { assignto?: string }>({
      query: (body) => ({ url: 'admin/assign-order-status', method: 'PUT', body }),
      invalidatesTags: [...AFTER_ACTION],
    }),
    unassignOrders: build.mutation<ApiEnvelope<UnassignResult>, OrderIds>({
      query: (body) => ({ url: 'admin/unassign-order', method: 'PUT', body }),
      invalidatesTags: [...AFTER_ACTION],
    }),
    deleteOrders: build.mutation<ApiEnvelope<StatusChangeResult>, OrderIds>({
      query: ({ orderId }) => ({
        url: 'admin/change-order-status',
        method: 'PUT',
        body: { orderId, updatingStatus: STATUS.Deleted },
      }),
      invalidatesTags: [...AFTER_ACTION],
    }),
    refundOrders: build.mutation<ApiEnvelope<StatusChangeResult>, OrderIds>({
      query: (body) => ({ url: 'admin/move-to-complete-refund', method: 'PUT', body }),
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
} = queuesApi;
export const queuesUtil = queuesApi.util;
/** For the order slice's selectors over the cache (store/orderSelectors.ts). */
export const queueEndpoints = queuesApi.endpoints;
