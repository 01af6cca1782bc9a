import { z } from 'zod';
import { FOLLOW_UP_MSG } from '../follow-ups.ts';
import { isIsoDay } from '../reports.ts';
import { orderIdSchema } from './orders.ts';

/** PUT /admin/follow-up: a day (YYYY-MM-DD) to chase the order again, or null to clear it. */
export const followUpSchema = z.strictObject({
  orderId: orderIdSchema,
  followUpOn: z
    .union([z.string({ error: FOLLOW_UP_MSG.date }), z.null()], { error: FOLLOW_UP_MSG.date })
    .refine((day) => day === null || isIsoDay(day), { error: FOLLOW_UP_MSG.date }),
});
export type FollowUpInput = z.output<typeof followUpSchema>;

export const followUpResultSchema = z.strictObject({
  order_id: z.string(),
  follow_up_on: z.string().nullable(),
});
