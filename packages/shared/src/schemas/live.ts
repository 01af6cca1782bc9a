import { z } from 'zod';
import { orderIdSchema } from './orders.ts';

/** POST /api/admin/orders/{orderId}/presence */
export const presencePathSchema = z.strictObject({ orderId: orderIdSchema });

/** A heartbeat while the detail is open; `viewing: false` when it closes (default true). */
export const presenceBodySchema = z
  .strictObject({ viewing: z.boolean().optional().describe('false: the detail was closed (default true)') })
  .nullish();

export const presenceReplySchema = z.strictObject({
  viewers: z
    .array(z.string())
    .describe("names of the members who have the order's detail open now, the caller's included"),
});
