import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNT_CONTRACTS, DEFENCE_CONTRACTS, ORDERS_CONTRACTS, ROLE, SERVER_MSG, STATUS } from '@eta/shared';
import { generate } from 'otplib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runBackup } from '../src/cli/backup.ts';
import { runRestore } from '../src/cli/restore.ts';
import { drainOutbox } from '../src/modules/mail/mail.service.ts';
import { api } from './api-client.ts';
import { freshTarget, type RestoreTarget, readArchive, storedCounts } from './backup-fixtures.ts';
import { pdfFile, uploadDocument } from './detail-fixtures.ts';
import { jpegImage } from './image-fixtures.ts';
import { buildOrder, INGEST_KEY, PNG_URL, seedOrders } from './orders-fixtures.ts';
import { startTestS3, type TestS3 } from './s3-fixtures.ts';
import {
  buildTestApp,
  call,
  createMember,
  describeEachDialect,
  login,
  TEST_PASSWORD,
  type TestApp,
} from './test-app.ts';

/** The source app's clock stands still here; restored apps run a few 30-second steps later, so codes are new. */
const START = Date.UTC(2026, 10, 25, 9, 0, 10);
const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');

/** DESIGN §19: npm run backup writes one archive; npm run restore brings it back into an empty place. */
describeEachDialect('backup and restore', (dialect) => {
  let source: TestApp;
  let s3: TestS3;
  let work: string;
  let adminEmail: string;
  let twoFactor: { email: string; secret: string };
  let orderId: string;
  let documentId: number;
  let archive: string;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    s3 = await startTestS3(`desk-${dialect}`);
    work = mkdtempSync(path.join(tmpdir(), 'eta-archives-'));
    // JWT_SECRET unset: the generated DATA_DIR/jwt-secret seals the 2FA secrets and must travel with the backup
    source = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY, JWT_SECRET: '' }, { clockStart: START });
    const admin = await createMember(source, ROLE.Admin, 'Ada Admin');
    adminEmail = admin.email;
    const manager = await createMember(source, ROLE.Manager, 'Max Manager');
    const { secret } = (await api(source, ACCOUNT_CONTRACTS.setupTwoFactor, {}, manager)).json().data;
    const code = await generate({ secret, epoch: Math.floor(START / 1000) });
    expect((await api(source, ACCOUNT_CONTRACTS.enableTwoFactor, { body: { code } }, manager)).statusCode).toBe(200);
    twoFactor = { email: manager.email, secret };
    const selfie = `data:image/jpeg;base64,${(await jpegImage(40, 30)).toString('base64')}`;
    [orderId] = (await seedOrders(source, [
      buildOrder({ passport_image: PNG_URL, upload_image: selfie }),
      buildOrder({ passport_image: PNG_URL, processing_type: 'priority' }),
      buildOrder({ process_status: STATUS.Completed }),
    ])) as [string];
    const completed = (
      await api(source, ORDERS_CONTRACTS.list, { params: { orderName: 'completedorder' } }, admin)
    ).json().data[0]!.order_id;
    await api(source, ORDERS_CONTRACTS.assign, { body: { orderId: [orderId] } }, admin);
    const upload = await uploadDocument(source, admin.token, { orderId, email: 'jane@example.test' }, pdfFile());
    documentId = upload.json().data.documentId;
    expect((await api(source, DEFENCE_CONTRACTS.sendInvoice, { body: { orderId: completed } }, admin)).statusCode).toBe(
      200,
    );
    // no SMTP set: the approval and invoice mails become .eml files of the mail folder
    expect(await drainOutbox(source.app)).toMatchObject({ sent: 2, failed: 0 });
    archive = (await runBackup(source.config, 'disk.zip', work)).file;
  });
  afterAll(async () => {
    // last made, first removed: an app closes before its target's database is dropped
    for (const cleanup of cleanups.reverse()) await cleanup();
    await source.close();
    await s3.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** What a member sees of the data: folder counts, and the bytes of an image and the document. */
  async function seen(t: TestApp) {
    const token = await login(t, adminEmail, TEST_PASSWORD);
    const ref = encodeURIComponent(orderId);
    const get = async (url: string) => {
      const res = await call(t, 'GET', url, token);
      expect(res.statusCode, url).toBe(200);
      return res;
    };
    return {
      counts: (await get('/api/admin/get-folder-count')).json().data,
      passport: (await get(`/api/admin/order-image/${ref}/passport`)).rawPayload,
      selfie: (await get(`/api/admin/order-image/${ref}/selfie`)).rawPayload,
      document: (await get(`/api/admin/order-document/${ref}/${documentId}`)).rawPayload,
    };
  }

  async function started(target: RestoreTarget, step: number): Promise<TestApp> {
    const t = await target.start({ clockStart: START + step * 30_000 });
    cleanups.push(() => t.close());
    return t;
  }

  /** A new empty target, removed after the file (an app started on it removes it first). */
  async function target(env: Record<string, string> = {}, kind = dialect): Promise<RestoreTarget> {
    const made = await freshTarget(kind, env);
    cleanups.push(() => made.remove());
    return made;
  }

  it('writes one private archive: manifest, database copy, jwt-secret and every stored file', async () => {
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    const entries = await readArchive(archive);
    const manifest = JSON.parse(entries.get('manifest.json')?.toString() ?? '{}');
    const counts = await storedCounts(source.app.ctx.files);
    expect(counts).toMatchObject({ images: 3, documents: 1, invoices: 1, mail: 2 });
    expect(manifest).toMatchObject({
      format: 'eta-desk-backup',
      version: 1,
      database: dialect,
      storage: { kind: 'disk', location: null },
      jwtSecret: 'archived',
      appVersion: '0.1.0',
    });
    for (const [folder, files] of Object.entries(counts)) expect(manifest.folders[folder].files).toBe(files);
    expect(entries.has(dialect === 'sqlite' ? 'database/eta-desk.sqlite' : 'database/eta-desk.dump')).toBe(true);
    expect(entries.get('jwt-secret')).toEqual(readFileSync(path.join(source.config.dataDir, 'jwt-secret')));
    const files = [...entries.keys()].filter((name) => name.startsWith('files/'));
    expect(files).toHaveLength(7);
    for (const name of files) {
      const [, folder, file] = name.split('/') as [string, string, string];
      expect(entries.get(name)).toEqual(readFileSync(path.join(source.config.dataDir, folder, file)));
    }
  });

  it('restores into an empty place: the same counts, members (2FA too) and bytes', async () => {
    const into = await target();
    const report = await runRestore(into.config, archive, work);
    expect(report.files).toMatchObject({ restored: 7, into: into.dataDir });
    expect(report.objects).toBeNull();
    const secret = path.join(into.dataDir, 'jwt-secret');
    expect(readFileSync(secret)).toEqual(readFileSync(path.join(source.config.dataDir, 'jwt-secret')));
    expect(statSync(secret).mode & 0o777).toBe(0o600);
    const restored = await started(into, 2);
    expect(await seen(restored)).toEqual(await seen(source));
    // the second factor still opens: its secret was sealed with the restored jwt-secret
    const signIn = await restored.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: twoFactor.email, password: TEST_PASSWORD },
    });
    const code = await generate({ secret: twoFactor.secret, epoch: Math.floor((START + 60_000) / 1000) });
    const verify = await restored.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login/verify',
      payload: { challenge: signIn.json().data.challenge, code },
    });
    expect(verify.json()).toMatchObject({ status: 1, message: SERVER_MSG.loginOk });
  });

  let s3App: TestApp;
  it('restores a disk backup with STORAGE_URL set: the files move into the bucket', async () => {
    const into = await target(s3.env);
    const report = await runRestore(into.config, archive, work);
    expect(report.files.restored).toBe(7);
    expect(report.files.into).toMatch(/^s3:\/\/eta-files\/desk-/);
    s3App = await started(into, 3);
    expect(s3App.app.ctx.files.kind).toBe('s3');
    expect(await storedCounts(s3App.app.ctx.files)).toEqual(await storedCounts(source.app.ctx.files));
    expect(existsSync(path.join(into.dataDir, 'images'))).toBe(false);
    expect(await seen(s3App)).toEqual(await seen(source));
  });

  it('backs up S3 storage as a list of objects, and a restore counts the ones the bucket lacks', async () => {
    const { file, manifest } = await runBackup(s3App.config, 's3.zip', work);
    expect(manifest.storage).toEqual({ kind: 's3', location: expect.stringMatching(/^s3:\/\/eta-files\/desk-/) });
    const entries = await readArchive(file);
    expect([...entries.keys()].some((name) => name.startsWith('files/'))).toBe(false);
    const lines = (entries.get('objects.jsonl')?.toString() ?? '')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(7);
    expect(lines[0]).toEqual({
      folder: expect.any(String),
      name: expect.any(String),
      size: expect.any(Number),
      modifiedMs: expect.any(Number),
    });

    // on a machine whose store is not that bucket, every object is missing: the command says so and fails
    const elsewhere = await target();
    const cli = spawnSync(process.execPath, [MAIN, 'restore', file], {
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: elsewhere.dataDir,
        ...(elsewhere.pgDb ? { DATABASE_URL: elsewhere.pgDb.url } : {}),
      },
      encoding: 'utf8',
    });
    expect(cli.stdout, cli.stderr).toMatch(/7 listed, 7 missing from /);
    expect(cli.status).toBe(1);

    // with the bucket: nothing missing, and the restored app serves the same bytes
    const same = await target(s3.env);
    const report = await runRestore(same.config, file, work);
    expect(report.objects).toEqual({ listed: 7, missing: 0, examples: [] });
    expect(await seen(await started(same, 4))).toEqual(await seen(source));
  });

  it('refuses a target that is not empty, naming what is there, and changes nothing', async () => {
    const before = await storedCounts(source.app.ctx.files);
    await expect(runRestore(source.config, archive, work)).rejects.toThrow(
      dialect === 'sqlite'
        ? /Restore refused: DATA_DIR \(.*\) holds a database \(eta-desk\.sqlite, eta-desk\.sqlite-wal/
        : /Restore refused: the database .* holds \d+ tables/,
    );
    expect(await storedCounts(source.app.ctx.files)).toEqual(before);
    // an empty database, but the bucket already holds files
    const bucket = await target(s3.env);
    await expect(runRestore(bucket.config, archive, work)).rejects.toThrow(
      /Restore refused: s3:\/\/.* already holds files .*set STORAGE_URL to an empty bucket or prefix/,
    );
  });

  it('refuses an archive of the other database kind', async () => {
    const other =
      dialect === 'sqlite'
        ? { ...(await target()).config, databaseUrl: 'postgres://postgres@127.0.0.1:1/elsewhere' }
        : (await target({}, 'sqlite')).config;
    await expect(runRestore(other, archive, work)).rejects.toThrow(
      dialect === 'sqlite'
        ? /holds a SQLite database, and this service is set up for PostgreSQL: unset DATABASE_URL/
        : /holds a PostgreSQL database, and this service is set up for SQLite: set DATABASE_URL/,
    );
  });

  it('refuses a DATA_DIR holding another jwt-secret, and writes nothing', async () => {
    const into = await target();
    writeFileSync(path.join(into.dataDir, 'jwt-secret'), 'a-secret-of-another-installation\n', { mode: 0o600 });
    await expect(runRestore(into.config, archive, work)).rejects.toThrow(
      /jwt-secret exists and is not the backed-up secret: move it away/,
    );
    expect(readdirSync(into.dataDir)).toEqual(['jwt-secret']);
  });
});
