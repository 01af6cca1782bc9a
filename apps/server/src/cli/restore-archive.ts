import { type Readable, Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import {
  type ArchiveEntry,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  classifyEntry,
  emptyTallies,
  type FolderTallies,
  manifestSchema,
} from './backup-archive.ts';

/** What a restore learns from an archive before it writes anything. */
export interface ArchiveContents {
  manifest: BackupManifest;
  /** DATA_DIR/jwt-secret as backed up; null when the archive holds none */
  jwtSecret: string | null;
  /** the file entries counted per folder */
  files: FolderTallies;
}

/** The manifest and the secret are a few hundred bytes: anything far larger is not ours. */
const SMALL_ENTRY_MAX_BYTES = 1 << 20;

const YAUZL_NAME_ERROR = /^(invalid relative path|absolute path|invalid characters in fileName): (.*)$/;

const notOurs = (file: string, why: string) =>
  new Error(`${file} is not an eTA Desk backup (${why}). Give a file written by npm run backup; nothing was restored.`);

const unsafeEntry = (file: string, name: string) =>
  new Error(
    `${file} holds an entry named "${name}", outside the folders a backup writes: it was not made by npm run backup, or was altered since. Nothing was restored.`,
  );

async function openArchive(file: string): Promise<yauzl.ZipFile> {
  try {
    return await yauzl.openPromise(file, { autoClose: false, strictFileNames: true, validateEntrySizes: true });
  } catch (error) {
    // A ZIP's index is at its end: a copy cut short, or a file that is no ZIP at all, has none.
    throw new Error(
      `${file} is not a complete archive (${(error as Error).message}): a copy cut short loses the index at its end. Copy the backup again from where it is kept; nothing was restored.`,
    );
  }
}

/** The entries of the central directory, with yauzl's own name checks turned into our message. */
async function* entriesOf(zip: yauzl.ZipFile, file: string): AsyncGenerator<yauzl.Entry> {
  const iterator = zip.eachEntry();
  while (true) {
    let next: IteratorResult<yauzl.Entry>;
    try {
      next = await iterator.next();
    } catch (error) {
      const named = YAUZL_NAME_ERROR.exec((error as Error).message);
      if (named) throw unsafeEntry(file, named[2] as string);
      throw new Error(`${file} is damaged (${(error as Error).message}); nothing was restored.`);
    }
    if (next.done) return;
    yield next.value;
  }
}

/** An entry's bytes, failing at their end when they are not the bytes the archive recorded (yauzl does not check). */
function checked(body: Readable, entry: yauzl.Entry, file: string): Readable {
  let sum = 0;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sum = crc32(chunk, sum);
      done(null, chunk);
    },
    flush(done) {
      if (sum >>> 0 === entry.crc32 >>> 0) done();
      else done(new Error(`${entry.fileName} is damaged in ${file} (its checksum does not match)`));
    },
  });
  body.once('error', (error) => check.destroy(error));
  // A small entry can reach its end (and fail its check) before the store starts reading it: the
  // stream then stays errored, and the reader's pipeline gets that error when it attaches.
  check.on('error', () => undefined);
  return body.pipe(check);
}

async function readSmall(zip: yauzl.ZipFile, entry: yauzl.Entry, file: string): Promise<string> {
  if (entry.uncompressedSize > SMALL_ENTRY_MAX_BYTES) throw notOurs(file, `${entry.fileName} is too large`);
  return (await buffer(checked(await zip.openReadStreamPromise(entry), entry, file))).toString('utf8');
}

/**
 * Reads the archive's index and its small entries, and checks every name and count, before anything
 * is written: an archive that is not ours, incomplete or altered is refused whole.
 */
export async function inspectArchive(file: string): Promise<ArchiveContents> {
  const zip = await openArchive(file);
  try {
    let manifestText: string | null = null;
    let jwtSecret: string | null = null;
    let objects = false;
    const databases: string[] = [];
    const files = emptyTallies();
    for await (const entry of entriesOf(zip, file)) {
      const what = classifyEntry(entry.fileName);
      if (!what) throw unsafeEntry(file, entry.fileName);
      if (what.kind === 'manifest') manifestText = await readSmall(zip, entry, file);
      else if (what.kind === 'jwt-secret') jwtSecret = await readSmall(zip, entry, file);
      else if (what.kind === 'objects') objects = true;
      else if (what.kind === 'database') databases.push(what.database);
      else {
        files[what.folder].files += 1;
        files[what.folder].bytes += entry.uncompressedSize;
      }
    }
    if (manifestText === null) throw notOurs(file, 'it has no manifest.json');
    const manifest = parseManifest(manifestText, file);
    if (databases.length !== 1 || databases[0] !== manifest.database) {
      throw notOurs(
        file,
        `its manifest names a ${manifest.database} database, and it holds ${databases.join(', ') || 'none'}`,
      );
    }
    if ((jwtSecret !== null) !== (manifest.jwtSecret === 'archived')) {
      throw notOurs(file, 'its manifest and its jwt-secret entry disagree');
    }
    if (manifest.storage.kind === 's3' && !objects)
      throw notOurs(file, 'its manifest lists objects, and it has no objects.jsonl');
    if (manifest.storage.kind === 'disk') {
      for (const [folder, tally] of Object.entries(files)) {
        const listed = manifest.folders[folder as keyof FolderTallies].files;
        if (tally.files !== listed) {
          throw notOurs(
            file,
            `its manifest counts ${listed} files in ${folder}, and it holds ${tally.files}: it is incomplete`,
          );
        }
      }
    } else if (Object.values(files).some((tally) => tally.files > 0)) {
      throw notOurs(file, 'it holds files although its manifest says they stayed in the bucket');
    }
    return { manifest, jwtSecret, files };
  } finally {
    zip.close();
  }
}

function parseManifest(text: string, file: string): BackupManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw notOurs(file, 'its manifest.json is not JSON');
  }
  const format = (raw as { format?: unknown; version?: unknown } | null) ?? {};
  if (format.format !== BACKUP_FORMAT) throw notOurs(file, `its manifest is not of format ${BACKUP_FORMAT}`);
  if (typeof format.version === 'number' && format.version > BACKUP_FORMAT_VERSION) {
    throw new Error(
      `${file} was written by a newer eTA Desk (backup format ${format.version}; this one reads up to ${BACKUP_FORMAT_VERSION}): restore it with that version or newer.`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success)
    throw notOurs(file, `its manifest.json is incomplete (${parsed.error.issues[0]?.path.join('.')})`);
  return parsed.data;
}

/**
 * Hands each entry to `use` in the archive's order, with a way to open its checked bytes; the names
 * were checked by inspectArchive. One entry at a time, streamed: nothing is held in memory whole.
 */
export async function eachEntry(
  file: string,
  use: (what: ArchiveEntry, open: () => Promise<Readable>, size: number) => Promise<void>,
): Promise<void> {
  const zip = await openArchive(file);
  try {
    for await (const entry of entriesOf(zip, file)) {
      const what = classifyEntry(entry.fileName);
      if (!what) throw unsafeEntry(file, entry.fileName);
      await use(what, async () => checked(await zip.openReadStreamPromise(entry), entry, file), entry.uncompressedSize);
    }
  } finally {
    zip.close();
  }
}
