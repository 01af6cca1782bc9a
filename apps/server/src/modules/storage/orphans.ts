import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { FILE_FOLDER, type FileFolder, type FileStore } from '../../lib/file-store.ts';

/**
 * A file younger than this may belong to a write whose row has not committed yet (an upload, an
 * ingestion batch, an invoice): the file is written first and the row after (DESIGN §19), and no
 * request lives this long (REQUEST_TIMEOUT_MS is at most an hour).
 */
export const ORPHAN_GRACE_MS = 6 * 3600_000;

/** names checked against the database per query */
const CHECK_BATCH = 500;

type Db = Kysely<Database>;
type Names = { name: string }[];

/**
 * The folders whose files belong to rows, and which of a batch of names rows hold (each column
 * indexed, migration 083). The mail folder is not one: its .eml files are what a provider without
 * SMTP sent, with no row of their own to name them.
 */
const OWNERS: { folder: FileFolder; named: (db: Db, names: string[]) => Promise<Names> }[] = [
  {
    folder: FILE_FOLDER.images,
    named: (db, names) =>
      db.selectFrom('order_images').select('file_name as name').where('file_name', 'in', names).execute(),
  },
  {
    folder: FILE_FOLDER.documents,
    named: (db, names) => db.selectFrom('documents').select('file1 as name').where('file1', 'in', names).execute(),
  },
  {
    // raw inbound messages and their kept attachments (DESIGN §25), both in one folder
    folder: FILE_FOLDER.inbound,
    named: async (db, names) =>
      [
        ...(await db.selectFrom('inbound_mail').select('raw_file as name').where('raw_file', 'in', names).execute()),
        ...(await db
          .selectFrom('inbound_attachments')
          .select('file_name as name')
          .where('file_name', 'in', names)
          .execute()),
      ] as Names,
  },
  {
    folder: FILE_FOLDER.invoices,
    named: (db, names) =>
      db.selectFrom('invoices').select('file_name as name').where('file_name', 'in', names).execute(),
  },
];

export interface OrphanSweepCounts {
  /** files looked at, all folders */
  checked: number;
  /** files removed because no row names them */
  removed: number;
}

/**
 * Files no row names, left by a crash between a file's write and its row's commit, or by a
 * transaction that rolled back after its file was written: removed once older than the grace time.
 * Safe beside live traffic and beside another sweep (a second remove of a file is no error).
 */
export async function sweepOrphans(
  db: Db,
  files: FileStore,
  now: number,
  graceMs = ORPHAN_GRACE_MS,
): Promise<OrphanSweepCounts> {
  const counts: OrphanSweepCounts = { checked: 0, removed: 0 };
  for (const owner of OWNERS) {
    let batch: string[] = [];
    const settle = async () => {
      const named = new Set((await owner.named(db, batch)).map((r) => r.name));
      for (const name of batch) {
        if (named.has(name)) continue;
        await files.remove(owner.folder, name);
        counts.removed += 1;
      }
      batch = [];
    };
    for await (const entry of files.list(owner.folder)) {
      counts.checked += 1;
      if (now - entry.modifiedMs < graceMs) continue;
      batch.push(entry.name);
      if (batch.length >= CHECK_BATCH) await settle();
    }
    if (batch.length > 0) await settle();
  }
  return counts;
}
