import { z } from 'zod';
import { findFolder } from '../folders.ts';
import { QUEUE_FILTER_MSG } from '../queue-filters.ts';
import { SAVED_VIEW_MSG } from '../saved-views.ts';
import { text } from './fields.ts';
import { queueFiltersSchema } from './queue-filters.ts';
import { LIST_SORT_COLUMNS } from './queues.ts';

/** A view's sort: a list column and its direction, as the list's `sort` and `order` parameters. */
export const savedViewSortSchema = z.strictObject({
  column: z.enum(LIST_SORT_COLUMNS, { error: `sort.column must be one of ${LIST_SORT_COLUMNS.join(', ')}.` }),
  order: z.enum(['asc', 'desc'], { error: 'sort.order must be asc or desc.' }),
});

/** POST /admin/views and PUT /admin/views/{id} (the whole view each time). */
export const savedViewInputSchema = z.strictObject({
  name: text({ error: SAVED_VIEW_MSG.name })
    .trim()
    .min(1, { error: SAVED_VIEW_MSG.name })
    .max(80, { error: SAVED_VIEW_MSG.nameTooLong }),
  /** the folder's orderName, matched case-insensitively as the list matches it */
  folder: text({ error: QUEUE_FILTER_MSG.folder })
    .max(64, { error: QUEUE_FILTER_MSG.folder })
    .refine((name) => findFolder(name) !== undefined, { error: QUEUE_FILTER_MSG.folder }),
  filters: queueFiltersSchema.default({}),
  sort: savedViewSortSchema.nullable().optional(),
  shared: z.boolean({ error: 'shared must be true or false.' }).default(false),
});
export type SavedViewInput = z.output<typeof savedViewInputSchema>;

export const savedViewPathSchema = z.strictObject({
  id: z.coerce
    .number({ error: SAVED_VIEW_MSG.id })
    .int({ error: SAVED_VIEW_MSG.id })
    .min(1, { error: SAVED_VIEW_MSG.id })
    .max(2 ** 31 - 1, { error: SAVED_VIEW_MSG.id }),
});

export const savedViewSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  /** the folder's orderName as FOLDERS spells it */
  folder: z.string(),
  filters: z.record(z.string(), z.string()),
  sort: savedViewSortSchema.nullable(),
  shared: z.boolean(),
  /** the member who made it */
  owner: z.string(),
  /** the caller may change or delete it */
  editable: z.boolean(),
  /** its orders now: the folder's count, or under filters up to FILTERED_COUNT_CAP */
  count: z.number().int().min(0),
});
export type SavedView = z.infer<typeof savedViewSchema>;
