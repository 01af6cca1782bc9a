import { z } from 'zod';
import { moveOrderStatusSchema } from '../schemas/detail.ts';
import { text } from '../schemas/fields.ts';
import { queueFilterShape, refineRange } from '../schemas/queue-filters.ts';
import {
  assignOrdersSchema,
  assignResultSchema,
  bulkMoveResultSchema,
  changeOrderStatusSchema,
  movedOrderSchema,
  orderListItemSchema,
  orderListParamsSchema,
  orderListQuerySchema,
  refundOrdersSchema,
  restoredOrderSchema,
  restoreOrderSchema,
  searchOrderSchema,
  statusChangeResultSchema,
  unassignOrdersSchema,
  unassignResultSchema,
} from '../schemas/queues.ts';
import { contract } from './contract.ts';
import { at } from './endpoints.ts';

export const ORDERS_API = {
  folderCounts: at('GET', '/admin/get-folder-count'),
  list: at('GET', '/admin/get-orders-list/:orderName'),
  search: at('POST', '/admin/search-order'),
  assign: at('PUT', '/admin/assign-order-status'),
  unassign: at('PUT', '/admin/unassign-order'),
  remove: at('PUT', '/admin/change-order-status'),
  refund: at('PUT', '/admin/move-to-complete-refund'),
  move: at('PUT', '/admin/move-order-status'),
  /** DESIGN §23: a Deleted order back to the status it had before */
  restore: at('POST', '/admin/restore-order'),
};

const work = { capability: 'orders.work' } as const;
const tag = 'Queues';
const BULK =
  'Status 1 when at least one order went through (the others listed in data); 404 when none exist, else 409 with the same data.';

export const ORDERS_CONTRACTS = {
  folderCounts: contract(ORDERS_API.folderCounts, {
    summary: 'Order count of every folder the member may open',
    description:
      'With filters (DESIGN §23) each folder is counted under them, up to 10,000 (FILTERED_COUNT_CAP), and `folder` narrows the reply to one folder.',
    tag,
    access: work,
    query: z
      .looseObject({
        // sent once, or more than once by an old screen: either way accepted and ignored (DESIGN §5)
        userName: z
          .union([text(), z.array(text())])
          .optional()
          .describe('accepted and ignored: the member is the token’s'),
        /** with filters: only this folder's count (a saved view's); absent: every folder's */
        folder: text().min(1).max(64).optional(),
        ...queueFilterShape,
      })
      .superRefine(refineRange),
    data: z.record(z.string(), z.number().int().min(0)),
  }),
  list: contract(ORDERS_API.list, {
    summary: 'One page of a folder',
    description: 'The folder’s own capability is checked too (403).',
    tag,
    access: work,
    params: orderListParamsSchema,
    query: orderListQuerySchema,
    data: z.array(orderListItemSchema),
    total: true,
  }),
  search: contract(ORDERS_API.search, {
    summary: 'Search inside a folder (rows start to end, end exclusive)',
    tag,
    access: work,
    body: searchOrderSchema,
    data: z.array(orderListItemSchema),
    total: true,
  }),
  assign: contract(ORDERS_API.assign, {
    summary: 'Assign orders to the caller; a blank assignto unassigns',
    description: BULK,
    tag,
    access: work,
    body: assignOrdersSchema,
    // a blank assignto answers as unassign-order does
    data: z.union([assignResultSchema, unassignResultSchema]),
  }),
  unassign: contract(ORDERS_API.unassign, {
    summary: 'Move orders back to their original folder',
    description: BULK,
    tag,
    access: work,
    body: unassignOrdersSchema,
    data: unassignResultSchema,
  }),
  remove: contract(ORDERS_API.remove, {
    summary: 'Delete orders (updatingStatus must be Deleted)',
    description: BULK,
    tag,
    access: { capability: 'orders.delete' },
    body: changeOrderStatusSchema,
    data: statusChangeResultSchema,
  }),
  refund: contract(ORDERS_API.refund, {
    summary: 'Complete the refund of orders',
    description: BULK,
    tag,
    access: work,
    body: refundOrdersSchema,
    data: statusChangeResultSchema,
  }),
  move: contract(ORDERS_API.move, {
    summary: 'Move one order, or a list of orders, to another status (Deleted needs orders.delete)',
    description:
      'One id: the order and its statuses, or the refusal (403, 400, 409). A list: each order judged by the same rules, `data: { moved, refused: [{ orderId, reason }] }`; status 1 when at least one moved, else 404 when none exist, else 409 with the same data.',
    tag,
    access: work,
    body: moveOrderStatusSchema,
    data: z.union([movedOrderSchema, bulkMoveResultSchema]),
  }),
  restore: contract(ORDERS_API.restore, {
    summary: 'Return a Deleted order to the status it had before it was deleted',
    description: '409 when the order is not Deleted; logged in its Activity.',
    tag,
    access: { capability: 'orders.delete' },
    body: restoreOrderSchema,
    data: restoredOrderSchema,
  }),
};
