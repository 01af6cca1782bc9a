import { z } from 'zod';
import { text } from './fields.ts';

/** Find anything (DESIGN §23): at most 20 results, 10 unless asked. */
export const FIND_LIMIT_MAX = 20;
export const FIND_LIMIT_DEFAULT = 10;
/**
 * Below three characters no trigram index can narrow a text search: it would read every order
 * (a few hundred milliseconds at a million). Order ids, references and phone numbers are longer.
 */
export const FIND_QUERY_MIN = 3;
export const FIND_QUERY_MAX = 100;

export const FIND_MSG = {
  found: 'Orders found.',
  qRequired: 'Type what to find.',
  qTooShort: `Type at least ${FIND_QUERY_MIN} characters to find an order.`,
  qTooLong: `At most ${FIND_QUERY_MAX} characters.`,
  limit: `limit must be a whole number from 1 to ${FIND_LIMIT_MAX}.`,
} as const;

/** GET /admin/find?q=&limit= */
export const findQuerySchema = z.strictObject({
  q: text({ error: FIND_MSG.qRequired })
    .trim()
    .min(1, { error: FIND_MSG.qRequired })
    .min(FIND_QUERY_MIN, { error: FIND_MSG.qTooShort })
    .max(FIND_QUERY_MAX, { error: FIND_MSG.qTooLong }),
  limit: z.coerce
    .number({ error: FIND_MSG.limit })
    .int({ error: FIND_MSG.limit })
    .min(1, { error: FIND_MSG.limit })
    .max(FIND_LIMIT_MAX, { error: FIND_MSG.limit })
    .default(FIND_LIMIT_DEFAULT),
});
export type FindQuery = z.output<typeof findQuerySchema>;

/** One order found: enough to tell it from another on a call and to open it. */
export const findItemSchema = z.strictObject({
  order_id: z.string(),
  full_name: z.string(),
  contact_email_address: z.string().nullable(),
  phone_number: z.string().nullable(),
  process_status: z.string(),
  /** the folder (orderName) that holds the order by its status */
  folder: z.string(),
  /** name of the member holding it, '' when free */
  assign_to: z.string(),
  sla_due_at: z.string().nullable(),
  created_at: z.string(),
});
export type FindItem = z.infer<typeof findItemSchema>;

/** Why an order is among the customer's other orders (DESIGN §23). */
export const RELATED_MATCHES = ['email', 'phone', 'card'] as const;
export type RelatedMatch = (typeof RELATED_MATCHES)[number];
export const RELATED_ORDERS_MAX = 20;

export const relatedOrderSchema = z.strictObject({
  order_id: z.string(),
  process_status: z.string(),
  created_at: z.string(),
  match: z.array(z.enum(RELATED_MATCHES)),
});
export type RelatedOrder = z.infer<typeof relatedOrderSchema>;
