import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROLE } from '@eta/shared';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackup } from '../src/cli/backup.ts';
import { openSqlite, SQLITE_FILE } from '../src/db/connect.ts';
import { readArchive } from './backup-fixtures.ts';
import { buildTestApp, createMember, type TestApp } from './test-app.ts';

describe('backup and the SQLite settings (DESIGN §10)', () => {
  let t: TestApp;
  let umask: number;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    // The usual umask, which leaves new files readable by all: the modes below must come from us.
    umask = process.umask(0o022);
  });
  afterAll(async () => {
    process.umask(umask);
    await t.close();
  });

  it('copies the live database into the archive, consistent, while the app holds it open', async () => {
    await createMember(t, ROLE.Team, 'Bea Backup');
    const { file, manifest } = await runBackup(t.config, 'backups/copy.zip', t.config.dataDir);
    expect(file).toBe(path.join(t.config.dataDir, 'backups', 'copy.zip'));
    expect(manifest).toMatchObject({ format: 'eta-desk-backup', version: 1, database: 'sqlite' });
    // Customers' data and password hashes: readable by the service's user only, the archive too.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // nothing left beside it: the database copy and the partial archive were temporary
    expect(readdirSync(path.dirname(file))).toEqual(['copy.zip']);
    const database = path.join(t.config.dataDir, 'copy-out.sqlite');
    writeFileSync(database, (await readArchive(file)).get('database/eta-desk.sqlite') as Buffer);
    const copy = new SqliteDatabase(database, { readonly: true });
    try {
      const names = copy.prepare('select name from staff').all() as { name: string }[];
      expect(names.map((r) => r.name)).toContain('Bea Backup');
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      copy.close();
    }
  });

  it('refuses to back up a database that is not there (a wrong DATA_DIR), creating nothing', async () => {
    const elsewhere = { ...t.config, dataDir: path.join(t.config.dataDir, 'not-the-data-folder') };
    await expect(runBackup(elsewhere, 'copy.zip', t.config.dataDir)).rejects.toThrow(/No database at/);
    expect(existsSync(elsewhere.dataDir)).toBe(false);
    expect(existsSync(path.join(t.config.dataDir, 'copy.zip'))).toBe(false);
  });

  it('says so when the destination is a folder', async () => {
    await expect(runBackup(t.config, 'backups', t.config.dataDir)).rejects.toThrow(/is a folder/);
  });

  it('a backup that fails leaves no file behind to be taken for a backup', async () => {
    const unreachable = { ...t.config, databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere' };
    const before = readdirSync(path.join(t.config.dataDir, 'backups'));
    await expect(runBackup(unreachable, 'backups/failed.zip', t.config.dataDir)).rejects.toThrow(/pg_dump/);
    expect(existsSync(path.join(t.config.dataDir, 'backups', 'failed.zip'))).toBe(false);
    // nor its temporary files
    expect(readdirSync(path.join(t.config.dataDir, 'backups'))).toEqual(before);
  });

  it('leaves out a file under a name the store never writes, and says which', async () => {
    const stray = path.join(t.config.dataDir, 'images', 'passport (copy).png');
    mkdirSync(path.dirname(stray), { recursive: true });
    writeFileSync(stray, 'an operator copied this by hand');
    try {
      const { file, skipped } = await runBackup(t.config, 'backups/stray.zip', t.config.dataDir);
      expect(skipped).toEqual({ count: 1, examples: ['images/passport (copy).png'] });
      // an archive a restore would refuse for that name is no backup
      expect([...(await readArchive(file)).keys()].filter((name) => name.startsWith('files/'))).toEqual([]);
    } finally {
      rmSync(stray);
    }
  });

  it('creates a new database file, and its WAL and shared-memory files, readable by their owner only', () => {
    const file = path.join(t.config.dataDir, 'fresh', 'new.sqlite');
    const db = openSqlite(file);
    try {
      db.exec('create table t (x integer)');
      db.exec('insert into t values (1)');
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(statSync(f).mode & 0o777, f).toBe(0o600);
    } finally {
      db.close();
    }
  });

  it('opens SQLite in WAL mode with foreign keys, a busy timeout and full sync', () => {
    const db = openSqlite(path.join(t.config.dataDir, SQLITE_FILE));
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
      expect(db.pragma('synchronous', { simple: true })).toBe(2);
    } finally {
      db.close();
    }
  });
});
