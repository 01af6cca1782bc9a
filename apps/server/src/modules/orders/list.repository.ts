import type { FolderDef, ListSortColumn, SortOrder, TokenUser } from '@eta/shared';
import { type Expression, type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import { dialectOf } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { likeContains } from '../../lib/like.ts';
import { applyFolderFilter } from './folder-filter.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface ListRow {
  order_id: string;
  process_status: string;
  first_name: string | null;
  sur_name: string | null;
  contact_email_address: string | null;
  phone_number: string | null;
  intended_travel_date: string | null;
  assign_to: string | null;
  assigned_to: number | null;
  created_at: string;
  refund_date: string | null;
}

export interface ListWindow {
  sort: ListSortColumn;
  order: SortOrder;
  offset: number;
  limit: number;
  /** lower-cased text to find inside search_text; empty means the whole folder */
  search: string;
}

/** The assignee's name without a join, so the folder filter works on a plain orders query. */
const assigneeName = sql<string | null>`(select s.name from staff s where s.id = orders.assigned_to)`;

interface SortSpec {
  expr: Expression<unknown>;
  /** people read text case-insensitively; dates are ISO text and sort as they are */
  text: boolean;
  nullable: boolean;
}

function sortSpec(column: ListSortColumn): SortSpec {
  if (column === 'created_at') return { expr: sql.ref('orders.created_at'), text: false, nullable: false };
  if (column === 'refund_date') return { expr: sql.ref('orders.refund_date'), text: false, nullable: true };
  if (column === 'assign_to') return { expr: sql`lower(${assigneeName})`, text: true, nullable: true };
  const notNull = column === 'order_id' || column === 'process_status';
  return { expr: sql`lower(${sql.ref(`orders.${column}`)})`, text: true, nullable: !notNull };
}

/**
 * Sorted by the chosen column, then by id in the same direction so equal values never swap places
 * between pages. Empty values go last either way. On PostgreSQL text sorts bytewise (collate "C")
 * as SQLite does, so both dialects give the same order whatever the database's locale. created_at
 * keeps no collation and no NULLS clause so the (process_status, created_at) index serves the default.
 */
function sorted<O>(
  query: SelectQueryBuilder<Database, 'orders', O>,
  window: Pick<ListWindow, 'sort' | 'order'>,
  postgres: boolean,
): SelectQueryBuilder<Database, 'orders', O> {
  const spec = sortSpec(window.sort);
  return query
    .orderBy(spec.expr, (ob) => {
      let item = window.order === 'asc' ? ob.asc() : ob.desc();
      if (spec.text && postgres) item = item.collate('C');
      if (spec.nullable) item = item.nullsLast();
      return item;
    })
    .orderBy('orders.id', window.order);
}

function folderQuery(db: Db, folder: FolderDef, staff: Pick<TokenUser, 'id'>, search: string) {
  const query = applyFolderFilter(db.selectFrom('orders'), folder, staff);
  return search ? query.where(likeContains('orders.search_text', search)) : query;
}

export function listRows(db: Db, folder: FolderDef, staff: Pick<TokenUser, 'id'>, window: ListWindow) {
  const query = folderQuery(db, folder, staff, window.search).select([
    'orders.order_id',
    'orders.process_status',
    'orders.first_name',
    'orders.sur_name',
    'orders.contact_email_address',
    'orders.phone_number',
    'orders.intended_travel_date',
    assigneeName.as('assign_to'),
    'orders.assigned_to',
    'orders.created_at',
    'orders.refund_date',
  ]);
  return sorted(query, window, dialectOf(db) === 'postgres')
    .limit(window.limit)
    .offset(window.offset)
    .execute() as Promise<ListRow[]>;
}

/** Orders of a folder that match a search: a search has no counter to read, so it counts. */
export async function countRows(
  db: Db,
  folder: FolderDef,
  staff: Pick<TokenUser, 'id'>,
  search: string,
): Promise<number> {
  const row = await folderQuery(db, folder, staff, search)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
