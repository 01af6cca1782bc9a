import {
  DETAIL_CONTRACTS,
  ERASED_NAME,
  INBOX_CONTRACTS,
  ORDER_EVENT,
  PRIVACY_CONTRACTS,
  ROLE,
  STATUS,
} from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_FOLDER } from '../src/lib/file-store.ts';
import { taggedAddress } from '../src/lib/mail-tokens.ts';
import { runRetentionPass } from '../src/modules/privacy/index.ts';
import { api } from './api-client.ts';
import { orderRow, outboxOf, PDF, pdfFile, uploadDocument } from './detail-fixtures.ts';
import { dovecotForFile } from './dovecot-fixture.ts';
import { PERSON, PERSON_TRACES } from './erasure-fixtures.ts';
import { customerReply, postfixBounce } from './inbound-messages.ts';
import { BOUNCES, inboxEnv } from './inbox-reader-fixtures.ts';
import { buildOrder, INGEST_KEY, PNG_URL, seedOrders } from './orders-fixtures.ts';
import { ageOrder } from './privacy-fixtures.ts';
import { everyStoredFile, everyStoredRow, type Found, holding } from './stored-text.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, reauth, type TestApp } from './test-app.ts';
import { unzip } from './zip-entries.ts';

const DAY_MS = 86_400_000;

/** A PDF the person sent: their name is inside it, so a search of the stored files finds it. */
const PERSONAL_PDF = Buffer.concat([PDF, Buffer.from(`% scanned passport of ${PERSON.first} ${PERSON.last}\n`)]);

const dovecot = dovecotForFile();

/**
 * DESIGN §25 "Inbound mail is personal data: in the subject export, gone on erasure, removed with
 * documents by retention" (§16), through the real app, with the mail read from a real mailbox.
 */
describeEachDialect('inbound mail is personal data', (dialect) => {
  const env = () => ({ INGEST_API_KEY: INGEST_KEY, ...inboxEnv(dovecot) });

  /** A finished order of `fields`'s person with a passport image and its eTA document (its approval mail queued). */
  async function finished(t: TestApp, admin: Member, fields: Record<string, unknown> = {}) {
    const [orderId] = (await seedOrders(t, [
      buildOrder({ process_status: STATUS.Completed, passport_image: PNG_URL, upload_image: PNG_URL, ...fields }),
    ])) as [string];
    const email = (await orderRow(t, orderId)).contact_email_address as string;
    const res = await uploadDocument(t, admin.token, { orderId, email }, pdfFile());
    expect(res.statusCode, res.body).toBe(201);
    return { orderId, id: (await orderRow(t, orderId)).id };
  }

  /** The customer's reply on the order (matched by the order id in its subject), with a kept PDF and a refused file. */
  const replyOn = async (orderId: string, subject = `Documents for ${orderId} from ${PERSON.first} ${PERSON.last}`) =>
    dovecot.append(
      await customerReply({
        from: `${PERSON.first} ${PERSON.last} <${PERSON.email}>`,
        to: 'support@inbox.test',
        subject,
        text: `Hello, this is ${PERSON.first}. I live at ${PERSON.street}, call me on ${PERSON.phone}.`,
        html: `<p>Hello, this is ${PERSON.first} ${PERSON.last}.</p>`,
        attachments: [
          { filename: `${PERSON.last}-passport.pdf`, content: PERSONAL_PDF, contentType: 'application/pdf' },
          {
            filename: `${PERSON.last}-tool.exe`,
            content: Buffer.from('MZ not a pdf'),
            contentType: 'application/octet-stream',
          },
        ],
      }),
    );

  const inboundRows = (t: TestApp, orderDbId: number | null) => {
    const q = t.app.ctx.db.selectFrom('inbound_mail').selectAll().orderBy('id');
    return (orderDbId === null ? q.where('order_key', 'is', null) : q.where('order_key', '=', orderDbId)).execute();
  };
  const attachmentRows = (t: TestApp, inboundId: number) =>
    t.app.ctx.db.selectFrom('inbound_attachments').selectAll().where('inbound_id', '=', inboundId).execute();
  const stored = (t: TestApp, name: string) => t.app.ctx.files.sizeOf(FILE_FOLDER.inbound, name);
  const detailOf = async (t: TestApp, admin: Member, orderId: string) =>
    (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, admin)).json().data;

  describe('the subject export and the erasure of one person', () => {
    let t: TestApp;
    let admin: Member;
    let order: { orderId: string; id: number };
    let exported: Map<string, Buffer>;

    beforeAll(async () => {
      t = await buildTestApp(dialect, env());
      admin = await createMember(t, ROLE.Admin);
      await reauth(t, admin.token);
      order = await finished(t, admin, {
        first_name: PERSON.first,
        sur_name: PERSON.last,
        contact_email_address: PERSON.email,
        phone_number: PERSON.phone,
        address_line1: PERSON.street,
      });
      await replyOn(order.orderId);
      // the approval mail bounced: Postfix quotes the address in its diagnostic
      const [approval] = await outboxOf(t, order.orderId);
      const verp = taggedAddress(BOUNCES, t.config.jwtSecret, 'bounce', Number(approval?.id));
      await dovecot.append(postfixBounce({ verp, recipient: PERSON.email, messageId: '<approval@mail.test>' }));
      const read = await t.app.inboundReader.readOnce();
      expect(read.outcomes).toEqual([
        expect.stringMatching(/^reply: reply to .* matched by subject; attachments refused: .*-tool\.exe/),
        expect.stringMatching(/^bounce: mail \d+ marked bounced: .*; order moved to Contact Customer$/),
      ]);
    });
    afterAll(() => t.close());

    it('puts the reply, the bounce and the attachment, bytes and all, in the export of the address', async () => {
      const res = await api(t, PRIVACY_CONTRACTS.subjectExport, { body: { email: PERSON.email.toUpperCase() } }, admin);
      expect(res.statusCode, res.body).toBe(200);
      exported = await unzip(res.rawPayload);
      const record = JSON.parse(String(exported.get(`orders/${order.orderId}.json`)));
      const [reply, bounce] = record.inbound_mails;
      expect(reply).toMatchObject({
        kind: 'reply',
        from_address: `"${PERSON.first} ${PERSON.last}" <${PERSON.email}>`,
        subject: `Documents for ${order.orderId} from ${PERSON.first} ${PERSON.last}`,
        text: expect.stringContaining(PERSON.street),
        removed_at: null,
        message_file: `mail-${reply.id}.eml`,
        attachments: [
          {
            name: `${PERSON.last}-passport.pdf`,
            content_type: 'application/pdf',
            size: PERSONAL_PDF.length,
            removed_at: null,
            file: expect.stringMatching(new RegExp(`^mail-${reply.id}-attachment-\\d+-.+\\.pdf$`)),
          },
        ],
      });
      expect(bounce).toMatchObject({ kind: 'bounce', attachments: [] });
      // the store's own file names are not the person's business
      expect(JSON.stringify(record.inbound_mails)).not.toMatch(/"raw_file"|"store"/);
      const prefix = `files/${order.orderId}/`;
      expect(exported.get(`${prefix}${reply.attachments[0].file}`)).toEqual(PERSONAL_PDF);
      // the mail as received, the refused file in it too
      const eml = String(exported.get(`${prefix}${reply.message_file}`));
      expect(eml).toContain(`Subject: Documents for ${order.orderId}`);
      expect(eml).toContain(`${PERSON.last}-tool.exe`);
      expect(String(exported.get(`${prefix}${bounce.message_file}`))).toContain('multipart/report');
    });

    describe('then the order erased on request', () => {
      let before: { rows: Found[]; files: Found[]; mails: { raw: string; attachments: string[] }[] };

      beforeAll(async () => {
        const mails = await inboundRows(t, order.id);
        before = {
          rows: await everyStoredRow(t),
          files: await everyStoredFile(t),
          mails: await Promise.all(
            mails.map(async (m) => ({
              raw: m.raw_file as string,
              attachments: (await attachmentRows(t, Number(m.id))).map((a) => a.file_name),
            })),
          ),
        };
        const res = await api(
          t,
          PRIVACY_CONTRACTS.erase,
          { params: { orderId: order.orderId }, body: { reason: 'Asked by mail' } },
          admin,
        );
        expect(res.statusCode, res.body).toBe(200);
      });

      it('empties each inbound mail, keeps the row marked removed, and deletes its message and attachment files', async () => {
        // they were there to remove
        expect(holding(before.rows, PERSON_TRACES).map((h) => h.where)).toEqual(
          expect.arrayContaining(['inbound_mail', 'inbound_attachments', 'order_events', 'mail_outbox']),
        );
        expect(before.mails.flatMap((m) => m.attachments)).toHaveLength(1);
        for (const file of [...before.mails.map((m) => m.raw), ...before.mails.flatMap((m) => m.attachments)])
          expect(await stored(t, file), file).toBeNull();
        const mails = await inboundRows(t, order.id);
        expect(mails).toHaveLength(2);
        for (const mail of mails) {
          expect(mail).toMatchObject({
            from_address: ERASED_NAME,
            to_address: ERASED_NAME,
            subject: ERASED_NAME,
            text: '',
            html: null,
            outcome: ERASED_NAME,
            removed_at: expect.any(String),
          });
          for (const a of await attachmentRows(t, Number(mail.id)))
            expect(a).toMatchObject({ name: ERASED_NAME, removed_at: expect.any(String) });
        }
      });

      it('leaves the name, address and phone in no table and no stored file: the bounce’s diagnostic and the reply’s subject in Activity too', async () => {
        expect(holding(await everyStoredRow(t), PERSON_TRACES)).toEqual([]);
        expect(holding(await everyStoredFile(t), PERSON_TRACES)).toEqual([]);
      });

      it('shows a conversation without the customer’s mail, Activity that a mail came and the move, and no attachment to download', async () => {
        const detail = await detailOf(t, admin, order.orderId);
        expect(detail.conversation.map((c: { direction: string }) => c.direction)).toEqual(['out']);
        expect(holding([{ where: 'detail', text: JSON.stringify(detail) }], PERSON_TRACES)).toEqual([]);
        const kinds = detail.events.map((e: { kind: string }) => e.kind);
        expect(kinds).toEqual(expect.arrayContaining([ORDER_EVENT.customerReply, ORDER_EVENT.mailBounced]));
        const move = detail.events.find((e) => e.kind === ORDER_EVENT.status && e.to_value === STATUS.ContactCustomer);
        expect(move!.detail).toBe('Approval mail not delivered');
        const [attachment] = await t.app.ctx.db
          .selectFrom('inbound_attachments')
          .select('id')
          .where('name', '=', ERASED_NAME)
          .execute();
        const download = await api(t, INBOX_CONTRACTS.attachment, { params: { id: attachment?.id } }, admin);
        expect(download.statusCode).toBe(404);
        const listed = await api(t, INBOX_CONTRACTS.inbound, { query: { orderId: order.orderId } }, admin);
        expect(listed.json().data).toEqual([]);
      });

      it('removes a reply read onto the order after its erasure, its subject in Activity too, on the next retention pass', async () => {
        await replyOn(order.orderId);
        expect((await t.app.inboundReader.readOnce()).outcomes).toEqual([
          expect.stringMatching(new RegExp(`^reply: reply to ${order.orderId} matched by subject`)),
        ]);
        const held = holding(await everyStoredRow(t), PERSON_TRACES).map((h) => h.where);
        expect(held).toEqual(expect.arrayContaining(['inbound_mail', 'order_events']));
        expect((await runRetentionPass(t.app.ctx)).inboundMails).toBe(1);
        expect(holding(await everyStoredRow(t), PERSON_TRACES)).toEqual([]);
        expect(holding(await everyStoredFile(t), PERSON_TRACES)).toEqual([]);
      });
    });
  });

  describe('retention', () => {
    let t: TestApp;
    let admin: Member;

    beforeAll(async () => {
      // images at once, documents (and the mail with them) a day after the order finished
      t = await buildTestApp(dialect, {
        ...env(),
        RETENTION_IMAGES_DAYS: '0',
        RETENTION_DOCUMENTS_DAYS: '1',
      });
      admin = await createMember(t, ROLE.Admin);
    });
    afterAll(() => t.close());

    const filesOfMail = async (orderDbId: number | null) =>
      Promise.all(
        (await inboundRows(t, orderDbId)).map(async (m) => ({
          removed: m.removed_at !== null,
          files: await Promise.all(
            [m.raw_file as string, ...(await attachmentRows(t, Number(m.id))).map((a) => a.file_name)].map(
              async (f) => (await stored(t, f)) !== null,
            ),
          ),
        })),
      );

    it('removes a finished order’s mail with its documents, keeps an order under legal hold’s, and unmatched mail after the documents’ period', async () => {
      const done = await finished(t, admin);
      const held = await finished(t, admin);
      await t.app.ctx.db
        .updateTable('orders')
        .set({ process_status: STATUS.ChargeBack })
        .where('id', '=', held.id)
        .execute();
      await replyOn(done.orderId);
      await replyOn(held.orderId);
      await dovecot.append(await customerReply({ to: 'support@inbox.test', subject: 'old, no order', text: 'a' }));
      await dovecot.append(await customerReply({ to: 'support@inbox.test', subject: 'new, no order', text: 'b' }));
      expect((await t.app.inboundReader.readOnce()).read).toBe(4);
      const [old] = await inboundRows(t, null);
      await t.app.ctx.db
        .updateTable('inbound_mail')
        .set({ created_at: new Date(Date.now() - 2 * DAY_MS).toISOString() })
        .where('id', '=', Number(old?.id))
        .execute();
      for (const o of [done, held]) await ageOrder(t, o.id, 2);

      const counts = await runRetentionPass(t.app.ctx);
      expect(counts).toMatchObject({ documents: 1, inboundMails: 1 });
      expect(await filesOfMail(done.id)).toEqual([{ removed: true, files: [false, false] }]);
      expect(await filesOfMail(held.id)).toEqual([{ removed: false, files: [true, true] }]);
      expect(await filesOfMail(null)).toEqual([
        { removed: true, files: [false] },
        { removed: false, files: [true] },
      ]);
      const [gone] = await inboundRows(t, done.id);
      expect(gone).toMatchObject({ subject: ERASED_NAME, text: '', from_address: ERASED_NAME });
      const detail = await detailOf(t, admin, done.orderId);
      expect(detail.conversation.filter((c: { direction: string }) => c.direction === 'in')).toEqual([]);
      expect(detail.data_removal.documents_removed_at).toEqual(expect.any(String));
      const unmatched = await api(t, INBOX_CONTRACTS.inbound, { query: { unmatched: '1' } }, admin);
      expect(unmatched.json().data.map((m: { subject: string }) => m.subject)).toEqual(['new, no order']);
      // the run's audit entry counts them
      const [run] = await t.app.ctx.db
        .selectFrom('audit_log')
        .select('detail')
        .where('action', '=', 'retention_run')
        .execute();
      expect(JSON.parse(run?.detail as string)).toMatchObject({ inboundMails: 1 });
    });

    it('removes mail that reaches an order after its documents went, by a reply or by a member’s link, on the next pass', async () => {
      const done = await finished(t, admin);
      await ageOrder(t, done.id, 2);
      expect((await runRetentionPass(t.app.ctx)).documents).toBe(1);
      await replyOn(done.orderId);
      await dovecot.append(await customerReply({ to: 'support@inbox.test', subject: 'link me', text: 'c' }));
      expect((await t.app.inboundReader.readOnce()).read).toBe(2);
      const [loose] = (await inboundRows(t, null)).filter((m) => m.subject === 'link me');
      const linked = await api(
        t,
        INBOX_CONTRACTS.linkInbound,
        { params: { id: loose?.id }, body: { orderId: done.orderId } },
        admin,
      );
      expect(linked.statusCode, linked.body).toBe(200);
      expect(await filesOfMail(done.id)).toEqual([
        { removed: false, files: [true, true] },
        { removed: false, files: [true] },
      ]);
      expect(await runRetentionPass(t.app.ctx)).toMatchObject({ documents: 0, inboundMails: 2 });
      expect(await filesOfMail(done.id)).toEqual([
        { removed: true, files: [false, false] },
        { removed: true, files: [false] },
      ]);
      // nothing left to do
      expect((await runRetentionPass(t.app.ctx)).inboundMails).toBe(0);
    });
  });
});
