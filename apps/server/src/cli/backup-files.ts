import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ZipFile } from 'yazl';
import { FILE_FOLDERS, type FileFolder, type FileStore, isSafeName } from '../lib/file-store.ts';
import { ARCHIVE_ENTRY, emptyTallies, type FolderTallies, fileEntryName, PRIVATE_FILE_MODE } from './backup-archive.ts';
import { createEntryParking } from './zip-parking.ts';

/**
 * Files opened ahead of the one the archive is writing: enough to keep the output busy, few enough
 * that a folder of a million files never holds more than this many descriptors (or connections).
 */
const OPEN_AHEAD = 4;

/** files added between two moves of the written entries aside (zip-parking.ts) */
const PARK_EVERY = 1000;

/** Files in the store's folders under names the store never writes (an operator's copy, an editor's backup). */
export interface SkippedFiles {
  count: number;
  /** the first few, as folder/name */
  examples: string[];
}

/** Not the store's: a restore would refuse the archive for them, so they stay out of it and are named. */
function skips(skipped: SkippedFiles, folder: FileFolder, name: string): boolean {
  if (isSafeName(name)) return false;
  skipped.count += 1;
  if (skipped.examples.length < 5) skipped.examples.push(`${folder}/${name}`);
  return true;
}

/**
 * Every file of every folder of a disk store into the archive, under `files/{folder}/{name}`,
 * streamed: a file is opened only when fewer than OPEN_AHEAD wait, and never read into memory.
 * `fail` receives a read error, which yazl does not pass on from the streams it is given.
 */
export async function addStoredFiles(
  zip: ZipFile,
  store: FileStore,
  failed: Promise<never>,
  fail: (error: Error) => void,
  skipped: SkippedFiles,
): Promise<FolderTallies> {
  const parking = createEntryParking(zip);
  const tallies = emptyTallies();
  let waiting = 0;
  let wake: (() => void) | null = null;
  const opened = new Set<Readable>();
  // a failed archive stops reading: the files opened ahead are closed, not left to the collector
  failed.catch(() => {
    for (const body of opened) body.destroy();
  });
  for (const folder of FILE_FOLDERS) {
    for await (const entry of store.list(folder)) {
      if (skips(skipped, folder, entry.name)) continue;
      while (waiting >= OPEN_AHEAD) {
        await Promise.race([new Promise<void>((resolve) => (wake = resolve)), failed]);
      }
      const file = await store.open(folder, entry.name);
      // removed since it was listed (retention, erasure): nothing left to copy
      if (!file) continue;
      waiting += 1;
      opened.add(file.body);
      file.body.once('error', fail);
      finished(file.body).then(
        () => {
          opened.delete(file.body);
          waiting -= 1;
          wake?.();
        },
        () => undefined,
      );
      zip.addReadStream(file.body, fileEntryName(folder, entry.name), {
        mtime: new Date(entry.modifiedMs),
        mode: PRIVATE_FILE_MODE,
        // images and PDFs are compressed already: deflating them again costs CPU for nothing
        compress: folder === 'mail',
      });
      tallies[folder].files += 1;
      tallies[folder].bytes += file.size;
      if (tallies[folder].files % PARK_EVERY === 0) parking.park();
    }
  }
  parking.restore();
  return tallies;
}

/**
 * S3 storage: the archive lists the objects (objects.jsonl) instead of holding them, since the bucket
 * keeps the bytes (its own versioning or replication is their backup). A restore checks them against
 * the bucket it is given.
 */
export async function addObjectList(
  zip: ZipFile,
  store: FileStore,
  failed: Promise<never>,
  skipped: SkippedFiles,
): Promise<FolderTallies> {
  const tallies = emptyTallies();
  async function* lines() {
    for (const folder of FILE_FOLDERS) {
      for await (const entry of store.list(folder)) {
        if (skips(skipped, folder, entry.name)) continue;
        tallies[folder].files += 1;
        tallies[folder].bytes += entry.size;
        yield `${JSON.stringify({ folder, name: entry.name, size: entry.size, modifiedMs: entry.modifiedMs })}\n`;
      }
    }
  }
  const body = Readable.from(lines());
  zip.addReadStream(body, ARCHIVE_ENTRY.objects, { mode: PRIVATE_FILE_MODE });
  // A listing error ends this stream, not the archive: wait for it here, so the manifest counts every line.
  await Promise.race([finished(body), failed]);
  return tallies;
}
