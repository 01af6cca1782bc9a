import { DETAIL_MSG, FLOW_MSG, heldMessage, moveRefusalMessage, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newOrder, orderRow, outboxOf, pdfFile, storedDocuments, uploadDocument } from './detail-fixtures.ts';
import { assignAs, bulkHelpers, INGEST_KEY } from './orders-fixtures.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** DESIGN §23 "Approve in one step": upload-visa-document with `complete=true`. */
describeEachDialect('upload & complete', (dialect) => {
  let t: TestApp;
  let tara: Member;
  let hal: Member;
  let admin: Member;
  const { events } = bulkHelpers(() => t);
  const upload = (member: Member, orderId: string, extra: Record<string, string> = {}) =>
    uploadDocument(t, member.token, { orderId, email: 'jane@example.test', ...extra }, pdfFile());
  const documentsOf = async (orderId: string) => {
    const { id } = await orderRow(t, orderId);
    return t.app.ctx.db.selectFrom('documents').select('id').where('order_key', '=', id).execute();
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { INGEST_API_KEY: INGEST_KEY });
    tara = await createMember(t, ROLE.Team, 'Tara Team');
    hal = await createMember(t, ROLE.Team, 'Hal Team');
    admin = await createMember(t, ROLE.Admin, 'Alice Admin');
  });
  afterAll(() => t.close());

  it('uploads, mails and completes the order in one change, logged in that order', async () => {
    const id = await newOrder(t);
    await assignAs(tara.token, t, [id]);
    const res = await upload(tara, id, { complete: 'true' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 1, message: FLOW_MSG.uploadedAndCompleted });
    const row = await orderRow(t, id);
    expect(row.process_status).toBe(STATUS.Completed);
    expect(row.processed_by).toBe(tara.id);
    expect((await outboxOf(t, id)).map((m) => m.kind)).toEqual(['approval']);
    expect((await events(id)).map((e) => [e.kind, e.from_value, e.to_value])).toEqual([
      ['assign', null, 'Tara Team'],
      ['document', null, res.json().data.file1],
      ['processed_by', null, 'Tara Team'],
      ['mail', null, expect.any(String)],
      ['status', STATUS.New, STATUS.Completed],
    ]);
  });

  it('leaves the order where it is without complete, or with complete=false or empty', async () => {
    for (const extra of [{}, { complete: 'false' }, { complete: '' }] as Record<string, string>[]) {
      const id = await newOrder(t);
      const res = await upload(tara, id, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(201);
      expect(res.json().message).toBe(DETAIL_MSG.uploaded);
      expect((await orderRow(t, id)).process_status).toBe(STATUS.New);
    }
  });

  it('refuses the whole upload when the move is refused: no document, no file, no mail, status unchanged', async () => {
    const id = await newOrder(t);
    // already Completed: a move to the status it has is refused (409), as from the detail
    await uploadDocument(t, admin.token, { orderId: id, email: 'jane@example.test', complete: 'true' }, pdfFile());
    const docsBefore = await documentsOf(id);
    const filesBefore = storedDocuments(t);
    const mailsBefore = await outboxOf(t, id);
    const res = await upload(tara, id, { complete: 'true' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      status: 0,
      message: moveRefusalMessage('sameStatus', STATUS.Completed, STATUS.Completed),
      data: { process_status: STATUS.Completed },
    });
    expect(await documentsOf(id)).toEqual(docsBefore);
    expect(storedDocuments(t)).toEqual(filesBefore);
    expect(await outboxOf(t, id)).toEqual(mailsBefore);
  });

  it('is held to the hold rule like any write: 409 naming the holder, nothing stored', async () => {
    const id = await newOrder(t);
    await assignAs(hal.token, t, [id]);
    const filesBefore = storedDocuments(t);
    const res = await upload(tara, id, { complete: 'true' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(heldMessage('Hal Team'));
    expect(await documentsOf(id)).toEqual([]);
    expect(storedDocuments(t)).toEqual(filesBefore);
    expect((await orderRow(t, id)).process_status).toBe(STATUS.New);
  });

  it('rolls the upload back when the move is refused inside the transaction (the order moved since the read)', async () => {
    const id = await newOrder(t);
    const filesBefore = storedDocuments(t);
    // The check before the file is written passes; then the order is completed by someone else
    // before the upload's transaction locks it, so the move inside it is refused.
    const original = t.app.ctx.files.putAs.bind(t.app.ctx.files);
    t.app.ctx.files.putAs = async (...args: Parameters<typeof original>) => {
      const name = await original(...args);
      await t.app.ctx.db
        .updateTable('orders')
        .set({ process_status: STATUS.Completed })
        .where('order_id', '=', id)
        .execute();
      return name;
    };
    try {
      const res = await upload(tara, id, { complete: 'true' });
      expect(res.statusCode).toBe(409);
    } finally {
      t.app.ctx.files.putAs = original;
    }
    expect(await documentsOf(id)).toEqual([]);
    expect(storedDocuments(t)).toEqual(filesBefore);
    expect(await outboxOf(t, id)).toEqual([]);
  });

  it('refuses a complete that is not true or false (400 naming the field), storing nothing', async () => {
    const id = await newOrder(t);
    const res = await upload(tara, id, { complete: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 0,
      message: FLOW_MSG.completeInvalid,
      data: { errors: { complete: FLOW_MSG.completeInvalid } },
    });
    expect(await documentsOf(id)).toEqual([]);
  });
});
