import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FileFolder, FileStore } from '../../lib/file-store.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface QueuedFile {
  folder: FileFolder;
  file_name: string;
}

/** rows of the queue taken at a time by a sweep */
const SWEEP_BATCH = 500;

/**
 * Queues files for deletion in the transaction that marks their rows removed (DESIGN §16): the
 * row stops pointing at the file and the file is remembered in one commit, so a crash at any point
 * leaves neither an orphan nor a row that shows a deleted file.
 */
export async function queueFileDeletions(db: Db, files: readonly QueuedFile[], at: string): Promise<void> {
  for (let i = 0; i < files.length; i += 200) {
    const chunk = files.slice(i, i + 200).map((f) => ({ ...f, created_at: at }));
    if (chunk.length > 0) await db.insertInto('file_deletions').values(chunk).execute();
  }
}

/**
 * Deletes every queued file, then its queue row: a file already gone (an earlier sweep died between
 * the two) counts as deleted. Several sweeps at once (two instances) delete some files twice, harmlessly.
 */
export async function sweepFileDeletions(db: Kysely<Database>, store: FileStore): Promise<number> {
  let deleted = 0;
  for (let after = 0; ; ) {
    const rows = await db
      .selectFrom('file_deletions')
      .select(['id', 'folder', 'file_name'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(SWEEP_BATCH)
      .execute();
    if (rows.length === 0) return deleted;
    for (const row of rows) await removeQueued(store, row.folder as FileFolder, row.file_name);
    const ids = rows.map((r) => r.id);
    await db.deleteFrom('file_deletions').where('id', 'in', ids).execute();
    deleted += rows.length;
    after = ids[ids.length - 1] as number;
  }
}

/** A name the store refuses (it could never have written it) is as good as gone; any other failure waits for the next sweep. */
async function removeQueued(store: FileStore, folder: FileFolder, name: string): Promise<void> {
  try {
    await store.remove(folder, name);
  } catch (error) {
    if ((error as Error).message !== 'unsafe file name') throw error;
  }
}
