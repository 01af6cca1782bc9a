import { z } from 'zod';
import { ORDER_MSG } from '../order-messages.ts';
import { REFUND_STATES } from '../refunds.ts';
import { parseStatus, STATUS } from '../statuses.ts';
import { text } from './fields.ts';
import { orderIdSchema } from './orders.ts';
import { queueFilterShape, refineRange } from './queue-filters.ts';

/**
 * An order's service level (DESIGN §18), on its list row and its detail: when it falls due, when
 * the first document met it, since when it waits (the clock paused). Null due: never measured (an
 * order closed before service levels began). The shared serviceLevelBadge reads them.
 */
export const serviceLevelFields = {
  sla_due_at: z.string().nullable(),
  sla_met_at: z.string().nullable(),
  sla_paused_at: z.string().nullable(),
};

/** SPEC §9: page 1, 10 per page; options 10, 25, 50, 100, 500 and All. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100, 500] as const;
/** A page holds at most 500 rows; All is offered while a folder holds at most 1,000 (DESIGN §5). */
export const PAGE_LIMIT_MAX = 500;
export const LIMIT_ALL_MAX = 1000;
export const LIMIT_ALL = 'all';
/** Orders per bulk action (assign, unassign, delete, refund): one page at most. */
export const BULK_MAX = 500;

/** Columns of SPEC §3's list item the server sorts by. */
export const LIST_SORT_COLUMNS = [
  'order_id',
  'process_status',
  'first_name',
  'sur_name',
  'contact_email_address',
  'phone_number',
  'intended_travel_date',
  'assign_to',
  'created_at',
  'refund_date',
  /** the earliest deadline of the order's disputes that need a response (DESIGN §14) */
  'respond_by',
  /** when the order's service level falls due (DESIGN §18): Overdue Orders, longest overdue first */
  'sla_due_at',
  /** the day to chase the order again (DESIGN §18, §23): Awaiting queues, soonest first, none last */
  'follow_up_on',
] as const;
export type ListSortColumn = (typeof LIST_SORT_COLUMNS)[number];
export type SortOrder = 'asc' | 'desc';

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}, or all.`;

const sort = z.enum(LIST_SORT_COLUMNS, { error: `sort must be one of ${LIST_SORT_COLUMNS.join(', ')}.` });
const order = z
  .string()
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(['asc', 'desc'], { error: 'order must be asc or desc.' }));

/** GET /admin/get-orders-list/{orderName}: `delay` and `userName` accepted and ignored (DESIGN §5). */
export const orderListQuerySchema = z
  .strictObject({
    page: z.coerce
      .number({ error: 'page must be a whole number from 1.' })
      .int({ error: 'page must be a whole number from 1.' })
      .min(1, { error: 'page must be a whole number from 1.' })
      .max(10_000_000)
      .default(1),
    limit: z
      .preprocess(
        (v) => (typeof v === 'string' && v.trim().toLowerCase() === LIMIT_ALL ? LIMIT_ALL : v),
        z.union(
          [
            z.literal(LIMIT_ALL),
            z.coerce
              .number({ error: LIMIT_MESSAGE })
              .int({ error: LIMIT_MESSAGE })
              .min(1, { error: LIMIT_MESSAGE })
              .max(PAGE_LIMIT_MAX, { error: LIMIT_MESSAGE }),
          ],
          { error: LIMIT_MESSAGE },
        ),
      )
      .default(DEFAULT_PAGE_SIZE),
    /** absent: the folder's own order (folder-views.ts defaultSort): newest first, ChargeBack soonest deadline first */
    sort: sort.optional(),
    /** absent with a sort: desc */
    order: order.optional(),
    delay: text().max(20).optional(),
    userName: text().max(200).optional(),
    /** DESIGN §23: holder, due, follow-up due, domain, processor, nationality, dates */
    ...queueFilterShape,
  })
  .superRefine(refineRange);
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

export const orderListParamsSchema = z.strictObject({ orderName: text().min(1).max(64) });

const offset = (name: string) =>
  z
    .number({ error: `${name} must be a whole number of at least 0.` })
    .int({ error: `${name} must be a whole number of at least 0.` })
    .min(0, { error: `${name} must be a whole number of at least 0.` })
    .max(10_000_000);

/** POST /admin/search-order: start/end are row offsets, end exclusive, at most 500 rows. */
export const searchOrderSchema = z
  .strictObject({
    start: offset('start'),
    end: offset('end'),
    searchVal: text({ error: 'searchVal is required.' }).trim().max(100, { error: 'At most 100 characters.' }),
    folderName: text({ error: 'folderName is required.' }).min(1).max(64),
    sort: sort.optional(),
    order: order.optional(),
  })
  .refine((b) => b.end > b.start && b.end - b.start <= PAGE_LIMIT_MAX, {
    path: ['end'],
    error: `end must be greater than start, by at most ${PAGE_LIMIT_MAX}.`,
  });
export type SearchOrderInput = z.output<typeof searchOrderSchema>;

/** `orderId` as a list of the selected orders: 1 to BULK_MAX, each once. */
export const orderIdList = z
  .array(orderIdSchema, { error: 'orderId must list the selected orders.' })
  .min(1, { error: 'Select at least one order.' })
  .max(BULK_MAX, { error: `At most ${BULK_MAX} orders at once.` })
  .transform((ids) => [...new Set(ids)]);
/** `orderId` as one id or a list (SPEC §7 sends both shapes). */
const oneOrMany = z
  .union([orderIdSchema.transform((id) => [id]), orderIdList], { error: 'orderId is required.' })
  .pipe(z.array(z.string()));

/** PUT /admin/assign-order-status: `assignto` may only name the caller (the member is the token's). */
export const assignOrdersSchema = z.strictObject({
  orderId: orderIdList,
  assignto: text().max(200).optional(),
});
export const unassignOrdersSchema = z.strictObject({ orderId: orderIdList });

/** PUT /admin/change-order-status: used for delete only (SPEC §4); other moves have their own call. */
export const changeOrderStatusSchema = z.strictObject({
  orderId: oneOrMany,
  updatingStatus: z
    .string({ error: ORDER_MSG.onlyDeleted })
    .refine((v) => parseStatus(v) === STATUS.Deleted, { error: ORDER_MSG.onlyDeleted }),
});
export const refundOrdersSchema = z.strictObject({ orderId: oneOrMany });

/** SPEC §3 order list item, plus `assigned_to_me` so the screens need not compare names. */
export const orderListItemSchema = z.strictObject({
  order_id: z.string(),
  process_status: z.string(),
  first_name: z.string().nullable(),
  sur_name: z.string().nullable(),
  contact_email_address: z.string().nullable(),
  phone_number: z.string().nullable(),
  intended_travel_date: z.string().nullable(),
  /** name of the assigned staff member, '' when free */
  assign_to: z.string(),
  assigned_to_me: z.boolean(),
  created_at: z.string(),
  refund_date: z.string().nullable(),
  /** the earliest deadline of the order's disputes that need a response; null: none (DESIGN §14) */
  respond_by: z.string().nullable(),
  ...serviceLevelFields,
  /** the day to chase the order again (YYYY-MM-DD), or null (DESIGN §18) */
  follow_up_on: z.string().nullable(),
  /** the state of the order's latest refund through the processor, or null: none (DESIGN §26) */
  refund_state: z.enum(REFUND_STATES).nullable(),
  /** when the customer last replied to an order awaiting them, or null (DESIGN §25) */
  customer_replied_at: z.string().nullable(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

/** An order someone else holds, named in a bulk action's conflicts. */
export const orderHolderSchema = z.strictObject({
  order_id: z.string(),
  /** name of the staff member holding the order ('' when nobody does) */
  assign_to: z.string(),
});
export type OrderHolder = z.infer<typeof orderHolderSchema>;

export const assignResultSchema = z.strictObject({
  /** taken now or already mine */
  assigned: z.array(z.string()),
  conflicts: z.array(orderHolderSchema),
  notFound: z.array(z.string()),
});
export type AssignResult = z.infer<typeof assignResultSchema>;

export const unassignResultSchema = z.strictObject({
  unassigned: z.array(z.string()),
  conflicts: z.array(orderHolderSchema),
  notFound: z.array(z.string()),
});
export type UnassignResult = z.infer<typeof unassignResultSchema>;

export const statusChangeResultSchema = z.strictObject({
  updated: z.array(z.string()),
  /** already in the target status: a move to the same status is refused (DESIGN §6) */
  unchanged: z.array(z.string()),
  /** held by someone else (DESIGN §6 hold rule) */
  conflicts: z.array(orderHolderSchema),
  notFound: z.array(z.string()),
});
export type StatusChangeResult = z.infer<typeof statusChangeResultSchema>;

/** POST /admin/restore-order (DESIGN §23): the Deleted order to restore. */
export const restoreOrderSchema = z.strictObject({ orderId: orderIdSchema });
export const restoredOrderSchema = z.strictObject({ order_id: z.string(), from: z.string(), to: z.string() });

/** PUT /admin/move-order-status with a list (DESIGN §23): each order moved, or refused with why. */
export const bulkMoveResultSchema = z.strictObject({
  moved: z.array(z.string()),
  refused: z.array(z.strictObject({ orderId: z.string(), reason: z.string() })),
});
export type BulkMoveResult = z.infer<typeof bulkMoveResultSchema>;

/** PUT /admin/move-order-status: the order and the statuses it went from and to. */
export const movedOrderSchema = z.strictObject({ order_id: z.string(), from: z.string(), to: z.string() });
