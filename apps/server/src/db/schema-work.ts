import type { Generated } from 'kysely';

/* The work surface's tables (DESIGN §23): saved queue views and members' notifications. */

/** A saved view of a queue (DESIGN §23, migration 094). */
export interface SavedViewsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** the folder's orderName */
  folder: string;
  /** the filters, a JSON object of the list's query parameters */
  filters: string;
  sort_column: string | null;
  sort_order: string | null;
  /** 1: everyone who may open the folder sees it */
  shared: number;
  created_at: string;
  updated_at: string;
}

/** A member told of something on an order: a mention, a customer's reply (migration 096, DESIGN §23). */
export interface NotificationsTable {
  id: Generated<number>;
  /** staff.id of the member told */
  member_id: number;
  /** NOTIFICATION_KIND in @eta/shared */
  kind: string;
  /** orders.id */
  order_key: number;
  /** an excerpt (a remark, a reply's subject): personal data, erased with the order's */
  text: string;
  /** who caused it: a member, or null (the customer, the system) */
  by_id: number | null;
  by_name: string | null;
  created_at: string;
  read_at: string | null;
}
