import type { ZipFile } from 'yazl';

/** yazl's Entry.FILE_DATA_DONE: the entry's bytes are written; only its central directory record is left. */
const FILE_DATA_DONE = 3;

interface YazlInternals {
  entries?: { state?: number }[];
}

/**
 * yazl (3.3) looks for the next entry to write by scanning its entries from the first on every step,
 * so an archive of n files costs n² (60,000 files: 40 of the backup's 60 seconds; upstream
 * thejoshwolfe/yazl#91, not released). Entries already written are moved aside while files are
 * added and put back before `end()`, when the central directory is written from them: the scan then
 * covers only the few entries still waiting. Without the internals it expects, it does nothing and
 * the archive is only slower.
 */
export function createEntryParking(zip: ZipFile) {
  const internals = zip as unknown as YazlInternals;
  const parked: { state?: number }[][] = [];
  const usable = () => Array.isArray(internals.entries);
  return {
    /** Moves the written entries at the head of the list aside. */
    park(): void {
      if (!usable()) return;
      const entries = internals.entries as { state?: number }[];
      let written = 0;
      while (written < entries.length && entries[written]?.state === FILE_DATA_DONE) written += 1;
      if (written > 0) parked.push(entries.splice(0, written));
    },
    /** Puts every entry back, in order; call before `zip.end()`. */
    restore(): void {
      if (!usable() || parked.length === 0) return;
      internals.entries = [...parked.flat(), ...(internals.entries as { state?: number }[])];
      parked.length = 0;
    },
  };
}
