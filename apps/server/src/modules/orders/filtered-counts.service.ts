import {
  can,
  FOLDERS,
  type FolderCounts,
  type FolderDef,
  findFolder,
  QUEUE_FILTER_MSG,
  type QueueFilters,
  type TokenUser,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/time.ts';
import { filteredCount } from './filtered-list.repository.ts';

/** The folder a filtered count or a saved view names: 400 naming `field` when there is none, 403 when not the member's. */
export function folderNamed(name: string, staff: Pick<TokenUser, 'type'>, field = 'folder'): FolderDef {
  const folder = findFolder(name);
  if (!folder) throw AppError.badRequest(QUEUE_FILTER_MSG.folder, { [field]: QUEUE_FILTER_MSG.folder });
  if (!can(staff.type, folder.capability)) throw AppError.forbidden();
  return folder;
}

/** One folder under filters, counted up to FILTERED_COUNT_CAP (a saved view's count in the sidebar). */
export function filteredFolderCount(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  staff: TokenUser,
  folder: FolderDef,
  filters: QueueFilters,
): Promise<number> {
  const now = nowIso(ctx.clock);
  return filteredCount(ctx.db, folder, { id: staff.id, now }, filters, now);
}

/**
 * get-folder-count with filters (DESIGN §23): each folder the member may open (or the one `folder`
 * names) counted under them, one after another: the counts are of the same member at one time.
 */
export async function filteredFolderCounts(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  staff: TokenUser,
  filters: QueueFilters,
  folderName: string | undefined,
): Promise<FolderCounts> {
  const folders =
    folderName === undefined ? FOLDERS.filter((f) => can(staff.type, f.capability)) : [folderNamed(folderName, staff)];
  const counts: FolderCounts = {};
  for (const folder of folders) counts[folder.countField] = await filteredFolderCount(ctx, staff, folder, filters);
  return counts;
}
