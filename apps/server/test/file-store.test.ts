import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { FILE_FOLDER, type FileStore, StorageUnavailableError } from '../src/lib/file-store.ts';
import { createDiskStore } from '../src/lib/file-store-disk.ts';
import { openFileStore } from '../src/lib/open-file-store.ts';
import { startTestS3, type TestS3 } from './s3-fixtures.ts';

const PDF = Buffer.from('%PDF-1.4 a small document\n%%EOF\n');

/** The same promises from both stores (DESIGN §19): what a feature may rely on, whichever is configured. */
for (const kind of ['disk', 's3'] as const) {
  describe(`the ${kind} file store`, () => {
    let store: FileStore;
    let s3: TestS3 | null = null;
    let dir: string;
    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'eta-store-'));
      if (kind === 's3') {
        s3 = await startTestS3('contract');
        store = await openFileStore(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32), ...s3.env }));
      } else {
        store = createDiskStore(dir);
      }
    });
    afterAll(async () => {
      await store.close();
      await s3?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('writes bytes under a new random name and reads them back whole, by stream and by size', async () => {
      const name = await store.put(FILE_FOLDER.documents, 'pdf', PDF);
      expect(name).toMatch(/^[0-9a-f]{32}\.pdf$/);
      expect(await store.read(FILE_FOLDER.documents, name)).toEqual(PDF);
      expect(await store.sizeOf(FILE_FOLDER.documents, name)).toBe(PDF.length);
      const opened = await store.open(FILE_FOLDER.documents, name);
      expect(opened?.size).toBe(PDF.length);
      expect(await buffer(opened?.body as Readable)).toEqual(PDF);
    });

    it('writes a stream of known length under a chosen name, replacing a file of that name', async () => {
      const chunks = [Buffer.alloc(70_000, 1), Buffer.alloc(70_000, 2)];
      await store.putAs(FILE_FOLDER.images, 'chosen.png', Buffer.from('first'));
      await store.putAs(FILE_FOLDER.images, 'chosen.png', { body: Readable.from(chunks), size: 140_000 });
      expect(await store.read(FILE_FOLDER.images, 'chosen.png')).toEqual(Buffer.concat(chunks));
    });

    it('answers null for a file that is not there, and removing it again is no error', async () => {
      const name = await store.put(FILE_FOLDER.invoices, 'pdf', PDF);
      await store.remove(FILE_FOLDER.invoices, name);
      await store.remove(FILE_FOLDER.invoices, name);
      expect(await store.open(FILE_FOLDER.invoices, name)).toBeNull();
      expect(await store.read(FILE_FOLDER.invoices, name)).toBeNull();
      expect(await store.sizeOf(FILE_FOLDER.invoices, name)).toBeNull();
    });

    it('lists the files of one folder only, with their sizes and times', async () => {
      const before = Date.now() - 60_000;
      const a = await store.put(FILE_FOLDER.mail, 'eml', Buffer.from('one'));
      const b = await store.put(FILE_FOLDER.mail, 'eml', Buffer.from('three'));
      await store.put(FILE_FOLDER.documents, 'pdf', PDF);
      const listed = [];
      for await (const entry of store.list(FILE_FOLDER.mail)) listed.push(entry);
      expect(listed.map((e) => [e.name, e.size]).sort()).toEqual(
        [
          [a, 3],
          [b, 5],
        ].sort(),
      );
      for (const entry of listed) expect(entry.modifiedMs).toBeGreaterThan(before);
    });

    it('never makes a path or key from a name that could leave its folder', async () => {
      for (const bad of ['../jwt-secret', 'a/b.pdf', '.hidden', '', 'x\u0000.pdf']) {
        await expect(store.read(FILE_FOLDER.documents, bad), bad).rejects.toThrow('unsafe file name');
        await expect(store.putAs(FILE_FOLDER.documents, bad, PDF), bad).rejects.toThrow('unsafe file name');
      }
    });

    it('has no problem to report while it works', async () => {
      expect(await store.problems()).toEqual([]);
    });
  });
}

describe('the S3 store when the bucket or the server is not there', () => {
  let s3: TestS3;
  let dir: string;
  beforeAll(async () => {
    s3 = await startTestS3();
    dir = mkdtempSync(path.join(tmpdir(), 'eta-store-'));
  });
  afterAll(async () => {
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const storeFor = (env: Record<string, string>) =>
    openFileStore(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32), ...s3.env, ...env }));

  it('names a missing bucket as a problem', async () => {
    const missing = await storeFor({ STORAGE_URL: s3.env.STORAGE_URL.replace('eta-files', 'no-such-bucket') });
    expect(await missing.problems()).toEqual([{ folder: 'bucket', code: 'HTTP 404' }]);
    await missing.close();
  });

  it('turns an unreachable server into StorageUnavailableError, never a missing file', async () => {
    const store = await storeFor({});
    await s3.stop();
    try {
      await expect(store.open(FILE_FOLDER.documents, 'a.pdf')).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(store.put(FILE_FOLDER.documents, 'pdf', PDF)).rejects.toBeInstanceOf(StorageUnavailableError);
      expect((await store.problems())[0]).toMatchObject({ folder: 'bucket', code: 'ECONNREFUSED' });
    } finally {
      await s3.start();
      await store.close();
    }
  });
});
