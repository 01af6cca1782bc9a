import { findItemSchema, findQuerySchema } from '../schemas/find.ts';
import { contract } from './contract.ts';
import { at } from './endpoints.ts';

/** Find anything (DESIGN §23): every order the member may open, from the top bar. */
export const FIND_API = {
  find: at('GET', '/admin/find'),
};

export const FIND_CONTRACTS = {
  find: contract(FIND_API.find, {
    summary:
      'Find orders anywhere: by order id (exact or prefix), email, phone digits, name, payment reference, transaction id',
    description:
      'Every order the member may open, whatever its folder (Telecaller too). Exact matches first, then the rest newest first; `total` counts every match.',
    tag: 'Queues',
    access: { capability: 'orders.work' },
    query: findQuerySchema,
    data: findItemSchema.array(),
    total: true,
  }),
};
