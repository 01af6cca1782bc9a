import { z } from 'zod';
import { CLAIM_MSG, nextOrderPick } from '../claims.ts';
import { text } from './fields.ts';

/**
 * POST /admin/next-order: the folder's name as in FOLDERS (case-insensitive), one of NEXT_ORDER_FOLDERS,
 * or `urgent`: the soonest due across them (DESIGN §23).
 */
export const nextOrderSchema = z.strictObject({
  folder: text({ error: CLAIM_MSG.nextOrderFolder })
    .max(64, { error: CLAIM_MSG.nextOrderFolder })
    .refine((name) => nextOrderPick(name) !== undefined, { error: CLAIM_MSG.nextOrderFolder }),
});
export type NextOrderInput = z.output<typeof nextOrderSchema>;

export const nextOrderResultSchema = z.strictObject({ orderId: z.string() });

/** POST /admin/release-claims: the member's encoded id, as Manage Team sends it. */
export const releaseClaimsSchema = z.strictObject({
  teamMemberId: text({ error: CLAIM_MSG.memberIdRequired }).min(1, { error: CLAIM_MSG.memberIdRequired }).max(64),
});

export const releaseClaimsResultSchema = z.strictObject({
  /** how many orders went back to their folders */
  released: z.number().int().min(0),
  /** their order ids */
  orderIds: z.array(z.string()),
});
export type ReleaseClaimsResult = z.infer<typeof releaseClaimsResultSchema>;
