import { z } from 'zod';
import { SAVED_VIEW_MSG } from '../saved-views.ts';
import { savedViewInputSchema, savedViewPathSchema, savedViewSchema } from '../schemas/saved-views.ts';
import { contract } from './contract.ts';
import { at } from './endpoints.ts';

/** Saved views of a queue (DESIGN §23). */
export const VIEWS_API = {
  list: at('GET', '/admin/views'),
  create: at('POST', '/admin/views'),
  update: at('PUT', '/admin/views/:id'),
  remove: at('DELETE', '/admin/views/:id'),
};

const tag = 'Queues';
const work = { capability: 'orders.work' } as const;

export const VIEWS_CONTRACTS = {
  list: contract(VIEWS_API.list, {
    summary: 'The caller’s views and the shared ones, each with its count',
    description: 'Views of a folder the caller may not open are left out.',
    tag,
    access: work,
    data: z.array(savedViewSchema),
  }),
  create: contract(VIEWS_API.create, {
    summary: 'Save a view: a folder, its filters and sort, under a name',
    description: `\`shared: true\` needs views.share (403 \`${SAVED_VIEW_MSG.shareNotAllowed}\`).`,
    tag,
    access: work,
    body: savedViewInputSchema,
    data: savedViewSchema,
    success: [201],
  }),
  update: contract(VIEWS_API.update, {
    summary: 'Change a view (the whole view)',
    description:
      'Its owner, or for a shared view a member with views.share; anyone else 404 (or 403 for a shared view they see).',
    tag,
    access: work,
    params: savedViewPathSchema,
    body: savedViewInputSchema,
    data: savedViewSchema,
  }),
  remove: contract(VIEWS_API.remove, {
    summary: 'Delete a view',
    tag,
    access: work,
    params: savedViewPathSchema,
    data: null,
  }),
};
