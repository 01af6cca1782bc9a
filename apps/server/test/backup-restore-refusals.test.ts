import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  databaseEntryName,
  emptyTallies,
} from '../src/cli/backup-archive.ts';
import { runRestore } from '../src/cli/restore.ts';
import { freshTarget, type RestoreTarget, writeZip } from './backup-fixtures.ts';
import { PNG } from './detail-fixtures.ts';
import { DIALECTS } from './test-app.ts';

const manifest = (changes: Partial<BackupManifest> = {}): BackupManifest => ({
  format: BACKUP_FORMAT,
  version: BACKUP_FORMAT_VERSION,
  createdAt: '2026-11-25T09:00:00.000Z',
  appVersion: '0.1.0',
  database: 'sqlite',
  storage: { kind: 'disk', location: null },
  jwtSecret: 'none',
  folders: { ...emptyTallies(), images: { files: 1, bytes: PNG.length } },
  ...changes,
});

/** An archive as npm run backup would write it, but for what a test changes. */
const ours = (entries: Record<string, Buffer | string> = {}, changes: Partial<BackupManifest> = {}) => ({
  [databaseEntryName(changes.database ?? 'sqlite')]: 'no database: every refusal comes before it is read',
  'files/images/passport.png': PNG,
  'manifest.json': JSON.stringify(manifest(changes)),
  ...entries,
});

/**
 * DESIGN §19: a restore reads only what npm run backup writes, and checks all of it before it writes
 * anything. The archive's checks do not depend on the database, so this runs on SQLite.
 */
describe('restore refuses archives that are not ours', () => {
  let work: string;
  let into: RestoreTarget;
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'eta-forged-'));
    into = await freshTarget('sqlite');
  });
  afterAll(async () => {
    await into.remove();
    rmSync(work, { recursive: true, force: true });
  });

  let seq = 0;
  async function archive(entries: Record<string, Buffer | string>): Promise<string> {
    seq += 1;
    const file = path.join(work, `forged-${seq}.zip`);
    await writeZip(file, entries);
    return file;
  }
  const restore = (file: string) => runRestore(into.config, file, work);
  /** A refused restore leaves the target as it was: empty. */
  const untouched = () => expect(readdirSync(into.dataDir)).toEqual([]);

  it('asks for the archive, and says when there is none', async () => {
    await expect(runRestore(into.config, undefined, work)).rejects.toThrow(
      /Give the archive to restore: npm run restore -- /,
    );
    await expect(restore('nowhere.zip')).rejects.toThrow(/No archive at .*nowhere\.zip/);
  });

  it('refuses a file that is no ZIP, and an archive cut short', async () => {
    const text = path.join(work, 'notes.zip');
    writeFileSync(text, 'these are not the backups you are looking for');
    await expect(restore(text)).rejects.toThrow(/notes\.zip is not a complete archive .*Copy the backup again/);
    const cut = await archive(ours());
    truncateSync(cut, Math.floor(readFileSync(cut).length / 2));
    await expect(restore(cut)).rejects.toThrow(/is not a complete archive/);
    untouched();
  });

  it('refuses an archive without our manifest, or with one of another format or a newer version', async () => {
    const { 'manifest.json': _, ...bare } = ours();
    await expect(restore(await archive(bare))).rejects.toThrow(
      /is not an eTA Desk backup \(it has no manifest\.json\)/,
    );
    await expect(restore(await archive(ours({ 'manifest.json': '{"format":' })))).rejects.toThrow(/not JSON/);
    await expect(restore(await archive(ours({ 'manifest.json': '{"format":"other"}' })))).rejects.toThrow(
      /manifest is not of format eta-desk-backup/,
    );
    await expect(restore(await archive(ours({}, { version: BACKUP_FORMAT_VERSION + 1 })))).rejects.toThrow(
      /written by a newer eTA Desk .*restore it with that version or newer/,
    );
    untouched();
  });

  it('refuses an archive missing files its manifest counts, or a database its manifest names', async () => {
    await expect(restore(await archive(ours({}, { folders: emptyTallies() })))).rejects.toThrow(
      /counts 0 files in images, and it holds 1: it is incomplete/,
    );
    const { 'database/eta-desk.sqlite': _, ...noDatabase } = ours();
    await expect(restore(await archive(noDatabase))).rejects.toThrow(/names a sqlite database, and it holds none/);
    untouched();
  });

  it('refuses entry names outside our folders, a path out of the target first of all', async () => {
    // yazl refuses to write "..": the name is written at its length, then changed in the bytes
    const file = await archive(ours({ 'files/xx/xx/xx/tmp/evil': 'owned' }));
    const bytes = readFileSync(file);
    writeFileSync(
      file,
      Buffer.from(bytes.toString('latin1').replaceAll('files/xx/xx/xx/', 'files/../../../'), 'latin1'),
    );
    await expect(restore(file)).rejects.toThrow(
      /holds an entry named "files\/\.\.\/\.\.\/\.\.\/tmp\/evil", outside the folders/,
    );
    for (const name of ['files/secrets/key.pem', 'files/images/.hidden', 'files/images/a/b.png', 'notes.txt']) {
      await expect(restore(await archive(ours({ [name]: 'x' }))), name).rejects.toThrow(
        `holds an entry named "${name}", outside the folders a backup writes`,
      );
    }
    untouched();
  });

  it('takes back the files it wrote when an entry turns out damaged, leaving the target empty', async () => {
    const file = await archive(
      ours({ 'files/images/second.png': PNG }, { folders: { ...emptyTallies(), images: { files: 2, bytes: 0 } } }),
    );
    // the second image's bytes changed after the archive was written (stored, so its checksum tells)
    const bytes = readFileSync(file);
    const at = bytes.lastIndexOf(PNG.subarray(0, 8));
    bytes[at + PNG.length - 1] = (bytes[at + PNG.length - 1] as number) ^ 0xff;
    writeFileSync(file, bytes);
    await expect(restore(file)).rejects.toThrow(/Restore failed, and what it had written is removed: .*checksum/);
    expect(readdirSync(path.join(into.dataDir, 'images'))).toEqual([]);
    expect(readdirSync(into.dataDir).filter((name) => name !== 'images')).toEqual([]);
  });

  it('takes back the files when the database does not restore (SQLite)', async () => {
    await expect(restore(await archive(ours()))).rejects.toThrow(
      /Restore failed, and what it had written is removed: The database in the archive does not read as SQLite/,
    );
    expect(readdirSync(path.join(into.dataDir, 'images'))).toEqual([]);
    expect(readdirSync(into.dataDir).filter((name) => name !== 'images')).toEqual([]);
  });

  it.runIf(DIALECTS.includes('postgres'))(
    'takes back the files when pg_restore fails, the database left empty',
    async () => {
      const pg = await freshTarget('postgres');
      try {
        const file = await archive(ours({}, { database: 'postgres' }));
        await expect(runRestore(pg.config, file, work)).rejects.toThrow(
          /Restore failed, and what it had written is removed: pg_restore failed with exit code 1; the database is left empty/,
        );
        expect(readdirSync(path.join(pg.dataDir, 'images'))).toEqual([]);
        // the same archive cannot be restored, but the target takes another attempt: it is empty
        await expect(runRestore(pg.config, file, work)).rejects.toThrow(/pg_restore failed/);
      } finally {
        await pg.remove();
      }
    },
  );
});
