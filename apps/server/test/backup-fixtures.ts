import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { type Config, loadConfig } from '../src/config.ts';
import type { DialectName } from '../src/db/dialect.ts';
import { FILE_FOLDERS, type FileStore } from '../src/lib/file-store.ts';
import { buildTestApp, createPgDatabase, type TestApp } from './test-app.ts';

/** Every entry of an archive, in memory (test archives are small), in the archive's order. */
export async function readArchive(file: string): Promise<Map<string, Buffer>> {
  const zip = await yauzl.openPromise(file, { autoClose: false });
  const entries = new Map<string, Buffer>();
  try {
    for await (const entry of zip.eachEntry()) {
      entries.set(entry.fileName, await buffer(await zip.openReadStreamPromise(entry)));
    }
  } finally {
    zip.close();
  }
  return entries;
}

/** An archive of the given entries, as a forger or another tool would make one; stored, so its bytes can be altered. */
export async function writeZip(file: string, entries: Record<string, Buffer | string>): Promise<void> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), name, { compress: false });
  zip.end();
  await pipeline(zip.outputStream as unknown as Readable, createWriteStream(file));
}

/** Where a restore goes: a new, empty DATA_DIR and, on PostgreSQL, a new, empty database. */
export interface RestoreTarget {
  dataDir: string;
  pgDb: { url: string; drop: () => Promise<void> } | null;
  /** the configuration `npm run restore` would load there: no JWT secret generated */
  config: Config;
  /** a test app on the restored target; closing it removes the target */
  start(options?: { clockStart?: number }): Promise<TestApp>;
  /** removes the target when no app was started on it */
  remove(): Promise<void>;
}

export async function freshTarget(dialect: DialectName, env: Record<string, string> = {}): Promise<RestoreTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eta-restore-'));
  const pgDb = dialect === 'postgres' ? await createPgDatabase() : null;
  // JWT_SECRET unset, as on a new machine: the restore writes the backed-up DATA_DIR/jwt-secret
  const settings = { DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}), ...env };
  return {
    dataDir,
    pgDb,
    // read again each time, as each run of the command would
    get config() {
      return loadConfig(settings, { generateJwtSecret: false });
    },
    start: (options = {}) =>
      buildTestApp(dialect, { JWT_SECRET: '', ...env }, { reuse: { dataDir, jwtSecret: '', pgDb }, ...options }),
    async remove() {
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** How many files each folder of an app's store holds. */
export async function storedCounts(store: FileStore): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const folder of FILE_FOLDERS) {
    counts[folder] = 0;
    for await (const _ of store.list(folder)) counts[folder] += 1;
  }
  return counts;
}
