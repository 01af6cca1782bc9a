import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DEFENCE_CONTRACTS, DETAIL_CONTRACTS, DETAIL_MSG, PRIVACY_CONTRACTS, ROLE, SERVER_MSG } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_FOLDER, FILE_FOLDERS, type FileFolder } from '../src/lib/file-store.ts';
import { drainOutbox } from '../src/modules/mail/mail.service.ts';
import { sweepOrphans } from '../src/modules/storage/index.ts';
import { api } from './api-client.ts';
import { packOrder, packRequest, readPdf } from './defence-fixtures.ts';
import { newOrder, pdfFile, uploadDocument } from './detail-fixtures.ts';
import { imagesOn } from './image-fixtures.ts';
import { buildOrder, INGEST_KEY, PNG_URL } from './orders-fixtures.ts';
import { accessTokenFor, downloadLink } from './public-fixtures.ts';
import { startTestS3, type TestS3 } from './s3-fixtures.ts';
import { ofOrder, type SmtpSink, startSmtpSink } from './smtp-sink.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, reauth, type TestApp } from './test-app.ts';

/**
 * DESIGN §19: with STORAGE_URL every file lives in S3-compatible storage (a real s3rver on loopback),
 * written through the API and read back through it, and nothing lands in DATA_DIR's folders.
 */
describeEachDialect('files in S3-compatible storage', (dialect) => {
  let s3: TestS3;
  let sink: SmtpSink;
  let t: TestApp;
  let admin: Member;
  beforeAll(async () => {
    s3 = await startTestS3();
    sink = await startSmtpSink();
    t = await buildTestApp(dialect, { ...s3.env, INGEST_API_KEY: INGEST_KEY, MAIL_CLOUD_URL: sink.url });
    admin = await createMember(t, ROLE.Admin, 'Sam Storage');
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
    await s3.close();
  });

  /** every object of a folder in the bucket, by name */
  async function objects(folder: FileFolder): Promise<string[]> {
    const names: string[] = [];
    for await (const entry of t.app.ctx.files.list(folder)) names.push(entry.name);
    return names.sort();
  }

  const orderDbId = async (orderId: string) =>
    Number(
      (await t.app.ctx.db.selectFrom('orders').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow())
        .id,
    );

  it('stores the ingested passport image and the uploaded document as objects, and serves them to staff', async () => {
    expect(t.app.ctx.files.kind).toBe('s3');
    const order = await packOrder(t, admin.token, { downloads: 0 });
    const id = await orderDbId(order.orderId);
    const image = await t.app.ctx.db
      .selectFrom('order_images')
      .select(['file_name'])
      .where('order_key', '=', id)
      .where('kind', '=', 'passport')
      .executeTakeFirstOrThrow();
    const doc = await t.app.ctx.db
      .selectFrom('documents')
      .select(['id', 'file1'])
      .where('order_key', '=', id)
      .executeTakeFirstOrThrow();
    expect(await objects(FILE_FOLDER.images)).toContain(image.file_name);
    expect(await objects(FILE_FOLDER.documents)).toContain(doc.file1);

    const shown = await api(t, DETAIL_CONTRACTS.image, { params: { orderId: order.orderId, kind: 'passport' } }, admin);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals((await t.app.ctx.files.read(FILE_FOLDER.images, image.file_name)) as Buffer)).toBe(
      true,
    );
    const document = await api(
      t,
      DETAIL_CONTRACTS.document,
      { params: { orderId: order.orderId, documentId: doc.id } },
      admin,
    );
    expect(document.statusCode).toBe(200);
    expect(Number(document.headers['content-length'])).toBe(document.rawPayload.length);
    expect(document.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The approval mail went out (the worker read nothing from disk) and the customer downloads the
    // document through a one-time link, streamed from the bucket.
    expect(ofOrder(sink, order.orderId).length).toBeGreaterThan(0);
    const access = await accessTokenFor(t, { id, orderId: order.orderId, email: order.email });
    const link = await downloadLink(
      t,
      { id, orderId: order.orderId, email: order.email },
      { id: doc.id, file1: doc.file1, bytes: Buffer.alloc(0) },
      access,
    );
    const file = await t.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(document.rawPayload)).toBe(true);
  });

  it('builds a defence pack from the stored document and passport image', async () => {
    const order = await packOrder(t, admin.token, { downloads: 1 });
    const res = await packRequest(t, admin.token, order.orderId, 1, { includePassport: true });
    expect(res.statusCode).toBe(200);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.all).not.toMatch(/could not be read/);
    // the stored passport image is drawn on one of the pages
    let drawn = 0;
    for (let page = 1; page <= pdf.count; page += 1) drawn += await imagesOn(res.rawPayload, page);
    expect(drawn).toBeGreaterThan(0);
  });

  it('attaches the stored invoice PDF to its mail', async () => {
    const order = await packOrder(t, admin.token, { downloads: 0 });
    const sent = await api(t, DEFENCE_CONTRACTS.sendInvoice, { body: { orderId: order.orderId } }, admin);
    expect(sent.statusCode).toBe(200);
    const { file_name } = await t.app.ctx.db
      .selectFrom('invoices')
      .select('file_name')
      .where('order_key', '=', await orderDbId(order.orderId))
      .executeTakeFirstOrThrow();
    expect(await objects(FILE_FOLDER.invoices)).toContain(file_name);
    expect(await drainOutbox(t.app)).toMatchObject({ failed: 0 });
    const mail = ofOrder(sink, order.orderId).find((m) => m.attachments.length > 0);
    const stored = await t.app.ctx.files.read(FILE_FOLDER.invoices, file_name);
    expect(mail?.attachments[0]?.content.equals(stored as Buffer)).toBe(true);
  });

  it('puts the stored files in a subject export and removes their objects on erasure', async () => {
    const order = await packOrder(t, admin.token, { downloads: 0 });
    const id = await orderDbId(order.orderId);
    await reauth(t, admin.token);
    const exported = await api(t, PRIVACY_CONTRACTS.subjectExport, { body: { email: order.email } }, admin);
    expect(exported.statusCode).toBe(200);
    // the ZIP names its entries in clear: the document and the image are in it
    const zipText = exported.rawPayload.toString('latin1');
    expect(zipText).toContain(`files/${order.orderId}/document-`);
    expect(zipText).toContain(`files/${order.orderId}/passport-`);

    const before = await t.app.ctx.db.selectFrom('documents').select('file1').where('order_key', '=', id).execute();
    const erased = await api(
      t,
      PRIVACY_CONTRACTS.erase,
      { params: { orderId: order.orderId }, body: { reason: 'Asked by email' } },
      admin,
    );
    expect(erased.statusCode).toBe(200);
    const left = await objects(FILE_FOLDER.documents);
    for (const doc of before) expect(left).not.toContain(doc.file1);
  });

  it('writes nothing into DATA_DIR’s file folders', () => {
    for (const folder of FILE_FOLDERS) {
      const dir = path.join(t.config.dataDir, folder);
      expect(existsSync(dir) ? readdirSync(dir) : [], folder).toEqual([]);
    }
  });

  it('sweeps an object no row names once it is older than the grace time, and nothing else', async () => {
    await t.app.ctx.files.putAs(FILE_FOLDER.documents, 'orphan-left-by-a-crash.pdf', Buffer.from('%PDF-1.4 orphan'));
    const named = await objects(FILE_FOLDER.documents);
    const young = await sweepOrphans(t.app.ctx.db, t.app.ctx.files, Date.now());
    expect(young.removed).toBe(0);
    expect(await objects(FILE_FOLDER.documents)).toEqual(named);

    const later = Date.now() + 7 * 3600_000;
    const swept = await sweepOrphans(t.app.ctx.db, t.app.ctx.files, later);
    expect(swept.removed).toBe(1);
    expect(await objects(FILE_FOLDER.documents)).toEqual(named.filter((n) => n !== 'orphan-left-by-a-crash.pdf'));
    // every image and invoice object still belongs to a row
    const again = await sweepOrphans(t.app.ctx.db, t.app.ctx.files, later);
    expect(again).toMatchObject({ removed: 0 });
    expect(again.checked).toBeGreaterThan(0);
  });

  describe('when the storage is down', () => {
    it('answers /readyz 503 naming storage and a staff download 503 asking to try again, and recovers', async () => {
      const order = await packOrder(t, admin.token, { downloads: 0 });
      await s3.stop();
      try {
        const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json().message).toMatch(/^storage/);
        expect(ready.body).not.toContain(s3.endpoint);
        const image = await api(
          t,
          DETAIL_CONTRACTS.image,
          { params: { orderId: order.orderId, kind: 'passport' } },
          admin,
        );
        expect(image.statusCode).toBe(503);
        expect(image.json()).toMatchObject({ status: 0, message: SERVER_MSG.storageUnavailable });
      } finally {
        await s3.start();
      }
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      const image = await api(
        t,
        DETAIL_CONTRACTS.image,
        { params: { orderId: order.orderId, kind: 'passport' } },
        admin,
      );
      expect(image.statusCode).toBe(200);
    });

    it('refuses an upload for its order before the storage is asked: 404 for an unknown order, 503 for a known one', async () => {
      const orderId = await newOrder(t);
      const upload = (id: string) =>
        uploadDocument(t, admin.token, { orderId: id, email: 'a@example.test' }, pdfFile());
      await s3.stop();
      let unknown: Awaited<ReturnType<typeof upload>>;
      let known: Awaited<ReturnType<typeof upload>>;
      try {
        unknown = await upload('UKETA-00000009');
        known = await upload(orderId);
      } finally {
        await s3.start();
      }
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ status: 0, message: DETAIL_MSG.orderNotFound });
      expect(known.statusCode).toBe(503);
      expect(known.json()).toMatchObject({ status: 0, message: SERVER_MSG.storageUnavailable });
    });

    it('loses no order when an image cannot be stored: the batch is refused whole with 503, and sent again later', async () => {
      const order = buildOrder({ passport_image: PNG_URL });
      const post = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/integrations/orders',
          headers: { 'x-api-key': INGEST_KEY },
          payload: { orders: [order] },
        });
      await s3.stop();
      let refused: Awaited<ReturnType<typeof post>>;
      try {
        refused = await post();
      } finally {
        await s3.start();
      }
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toMatchObject({ status: 0, message: SERVER_MSG.storageUnavailable });
      const none = await t.app.ctx.db
        .selectFrom('orders')
        .select('id')
        .where('order_id', '=', order.order_id as string)
        .execute();
      expect(none).toEqual([]);
      const accepted = await post();
      expect(accepted.statusCode).toBe(201);
      expect(accepted.json().data.created).toEqual([order.order_id]);
    });
  });
});
