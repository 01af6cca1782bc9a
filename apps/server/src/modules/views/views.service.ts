import {
  can,
  findFolder,
  hasFilters,
  type QueueFilters,
  SAVED_VIEW_MSG,
  SAVED_VIEWS_PER_MEMBER,
  type SavedView,
  type SavedViewInput,
  SHARED_VIEWS_MAX,
  type TokenUser,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { filteredFolderCount, folderNamed, folderTotal } from '../orders/index.ts';
import {
  countViews,
  deleteView,
  insertView,
  updateView,
  type ViewRow,
  type ViewValues,
  viewById,
  visibleViews,
} from './views.repository.ts';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** May this member change or delete the view? Its owner; for a shared view, whoever may share views. */
const mayEdit = (row: ViewRow, staff: TokenUser) =>
  row.owner_id === staff.id || (row.shared === 1 && can(staff.type, 'views.share'));

/** A view the member sees (their own, or shared), else 404: another's personal view is not said to exist. */
function seen(row: ViewRow | undefined, staff: TokenUser): ViewRow {
  if (!row || (row.owner_id !== staff.id && row.shared !== 1)) throw AppError.notFound(SAVED_VIEW_MSG.notFound);
  return row;
}

function valuesOf(input: SavedViewInput): ViewValues {
  const folder = findFolder(input.folder);
  return {
    name: input.name,
    // as FOLDERS spells it, so the web finds its route by name
    folder: folder?.name ?? input.folder,
    filters: JSON.stringify(input.filters),
    sort_column: input.sort?.column ?? null,
    sort_order: input.sort?.order ?? null,
    shared: input.shared ? 1 : 0,
  };
}

/** Saved views (DESIGN §23): personal and shared, each with its count. */
export function createViewService(ctx: Ctx) {
  async function countOf(row: ViewRow, staff: TokenUser): Promise<number> {
    const folder = folderNamed(row.folder, staff);
    const filters = JSON.parse(row.filters) as QueueFilters;
    if (hasFilters(filters)) return filteredFolderCount(ctx, staff, folder, filters);
    return folderTotal(ctx, folder, { id: staff.id, now: nowIso(ctx.clock) });
  }

  async function toView(row: ViewRow, staff: TokenUser): Promise<SavedView> {
    return {
      id: row.id,
      name: row.name,
      folder: row.folder,
      filters: JSON.parse(row.filters) as Record<string, string>,
      sort: row.sort_column ? { column: row.sort_column, order: row.sort_order } : null,
      shared: row.shared === 1,
      owner: row.owner_name,
      editable: mayEdit(row, staff),
      count: await countOf(row, staff),
    } as SavedView;
  }

  /** A new or changed view: its folder must be the member's, sharing needs views.share, and the caps hold. */
  async function check(staff: TokenUser, input: SavedViewInput, was: ViewRow | null): Promise<void> {
    folderNamed(input.folder, staff);
    if (input.shared && !can(staff.type, 'views.share')) throw AppError.forbidden(SAVED_VIEW_MSG.shareNotAllowed);
    const becomes = input.shared ? 'shared' : 'personal';
    const wasKind = was === null ? null : was.shared === 1 ? 'shared' : 'personal';
    if (becomes === wasKind) return;
    if (becomes === 'shared' && (await countViews(ctx.db, { shared: true })) >= SHARED_VIEWS_MAX)
      throw AppError.conflict(SAVED_VIEW_MSG.tooManyShared);
    if (becomes === 'personal' && (await countViews(ctx.db, { ownerId: staff.id })) >= SAVED_VIEWS_PER_MEMBER)
      throw AppError.conflict(SAVED_VIEW_MSG.tooMany);
  }

  return {
    /** The member's views and the shared ones of folders they may open, each counted now. */
    async list(staff: TokenUser): Promise<SavedView[]> {
      const rows = (await visibleViews(ctx.db, staff.id)).filter((row) => {
        const folder = findFolder(row.folder);
        return folder !== undefined && can(staff.type, folder.capability);
      });
      const views: SavedView[] = [];
      for (const row of rows) views.push(await toView(row, staff));
      return views;
    },

    async create(staff: TokenUser, input: SavedViewInput): Promise<SavedView> {
      await check(staff, input, null);
      const id = await insertView(ctx.db, staff.id, valuesOf(input), nowIso(ctx.clock));
      return toView(seen(await viewById(ctx.db, id), staff), staff);
    },

    async update(staff: TokenUser, id: number, input: SavedViewInput): Promise<SavedView> {
      const row = seen(await viewById(ctx.db, id), staff);
      if (!mayEdit(row, staff)) throw AppError.forbidden(SAVED_VIEW_MSG.shareNotAllowed);
      await check(staff, input, row);
      await updateView(ctx.db, id, valuesOf(input), nowIso(ctx.clock));
      return toView(seen(await viewById(ctx.db, id), staff), staff);
    },

    async remove(staff: TokenUser, id: number): Promise<void> {
      const row = seen(await viewById(ctx.db, id), staff);
      if (!mayEdit(row, staff)) throw AppError.forbidden(SAVED_VIEW_MSG.shareNotAllowed);
      await deleteView(ctx.db, id);
    },
  };
}
