import { CLAIM_MSG } from '../claims.ts';
import {
  nextOrderResultSchema,
  nextOrderSchema,
  releaseClaimsResultSchema,
  releaseClaimsSchema,
} from '../schemas/claims.ts';
import { contract } from './contract.ts';
import { at } from './endpoints.ts';

/** Working live (DESIGN §18): claiming the next order and releasing claims. */
export const CLAIMS_API = {
  nextOrder: at('POST', '/admin/next-order'),
  releaseClaims: at('POST', '/admin/release-claims'),
};

const tag = 'Working live';

export const CLAIMS_CONTRACTS = {
  nextOrder: contract(CLAIMS_API.nextOrder, {
    summary: 'Claim the oldest free order of a folder (New, Priority, Process 5th March)',
    description: `Assigns it to the caller as Assign to me does, and answers its id. Two members never get the same order. 404 \`${CLAIM_MSG.noFreeOrders}\` when none is free.`,
    tag,
    // whoever may assign orders in those folders (the folders' own capability is checked too)
    access: { capability: 'orders.work' },
    body: nextOrderSchema,
    data: nextOrderResultSchema,
  }),
  releaseClaims: contract(CLAIMS_API.releaseClaims, {
    summary: 'Return every order a member holds to its folder (shift handover)',
    description: 'Orders in every open status the member holds. A Manager may not release an Admin’s (403).',
    tag,
    access: { capability: 'team.releaseClaims' },
    body: releaseClaimsSchema,
    data: releaseClaimsResultSchema,
  }),
};
