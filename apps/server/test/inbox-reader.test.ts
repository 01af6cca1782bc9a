import { AWAITING_REPLIED_COUNT, DETAIL_CONTRACTS, INBOX_CONTRACTS, ORDERS_CONTRACTS, ROLE, STATUS } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { taggedAddress } from '../src/lib/mail-tokens.ts';
import { drainOutbox } from '../src/modules/mail/mail.service.ts';
import { api } from './api-client.ts';
import { newOrder, orderRow, outboxOf, PDF, PNG, pdfFile, uploadDocument } from './detail-fixtures.ts';
import { dovecotForFile } from './dovecot-fixture.ts';
import { arfComplaint, customerReply, postfixBounce } from './inbound-messages.ts';
import { awaitingOrderWithMail, BOUNCES, inboxEnv, REPLY_TO } from './inbox-reader-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** DESIGN §25's "a 50 MB attachment": a PDF of exactly 50 MB beside a small photo */
const BIG_BYTES = 50 * 1024 * 1024;
const BIG_NAME = 'passport-scan.pdf';
const BIG_MESSAGE_ID = '<fifty-megabytes@example.test>';
let fiftyMegabytes: Promise<Buffer> | null = null;
/** Composed once for the file (both dialects append the same bytes): 70 MB of MIME takes seconds to build. */
const fiftyMegabyteMail = () => {
  fiftyMegabytes ??= customerReply({
    to: 'support@inbox.test',
    subject: 'My passport, scanned',
    text: 'The scan, in full resolution.',
    messageId: BIG_MESSAGE_ID,
    attachments: [
      {
        filename: BIG_NAME,
        content: Buffer.concat([PDF, Buffer.alloc(BIG_BYTES - PDF.length)]),
        contentType: 'application/pdf',
      },
      { filename: 'photo.png', content: PNG, contentType: 'image/png' },
    ],
  });
  return fiftyMegabytes;
};

const dovecot = dovecotForFile();

describeEachDialect('the inbound mailbox read back onto orders (DESIGN §25)', (dialect) => {
  let sink: SmtpSink;
  let t: TestApp;
  let team: Member;
  let admin: Member;
  const replied: unknown[] = [];
  /** the app's log lines: what the reader says of each message */
  const logLines: string[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(
      dialect,
      {
        INGEST_API_KEY: INGEST_KEY,
        MAIL_CLOUD_URL: sink.url,
        MAIL_FROM: 'eTA Desk <desk@mail.test>',
        ...inboxEnv(dovecot),
      },
      { build: { logger: true, logStream: { write: (line) => void logLines.push(line) } } },
    );
    team = await createMember(t, ROLE.Team);
    admin = await createMember(t, ROLE.Admin);
    t.app.ctx.events.subscribe('order.customerReplied', (e) => void replied.push(e));
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const read = () => t.app.inboundReader.readOnce();
  const inboundOf = (orderDbId: number) =>
    t.app.ctx.db.selectFrom('inbound_mail').selectAll().where('order_key', '=', orderDbId).execute();

  const awaitingWithMail = (app: TestApp = t, member: Member = team) => awaitingOrderWithMail(app, member, sink);

  it('a reply by In-Reply-To marks the Awaiting order, clears its follow-up, publishes the event, and leaves INBOX only once stored', async () => {
    const { orderId, mail, row } = await awaitingWithMail();
    expect(row.follow_up_on).toBe('2026-12-24');
    const processedBefore = await dovecot.count('Processed');
    await dovecot.append(
      await customerReply({
        to: 'support@inbox.test',
        subject: 'Re: A clearer photo, please',
        text: 'Here it is.',
        html: '<p>Here it is.<img src="https://tracker.example/pixel.gif"><script>alert(1)</script></p>',
        inReplyTo: mail?.messageId,
        attachments: [{ filename: 'passport.pdf', content: PDF, contentType: 'application/pdf' }],
      }),
    );
    const result = await read();
    expect(result.read).toBe(1);
    expect(result.outcomes[0]).toMatch(/^reply: reply to .* matched by in_reply_to, marked Customer replied/);
    const after = await orderRow(t, orderId);
    expect(after.customer_replied_at).not.toBeNull();
    expect(after.follow_up_on).toBeNull();
    expect(replied).toContainEqual(expect.objectContaining({ orderId, holder: null }));
    const [stored] = await inboundOf(after.id);
    expect(stored?.html).toContain('Here it is.');
    expect(stored?.html).not.toMatch(/<img|<script|tracker/);
    expect(await dovecot.count('INBOX')).toBe(0);
    expect(await dovecot.count('Processed')).toBe(processedBefore + 1);
    // the count beside Awaiting Customer, and the detail's conversation
    const counts = await api(t, ORDERS_CONTRACTS.folderCounts, {}, team);
    expect(counts.json().data[AWAITING_REPLIED_COUNT]).toBeGreaterThanOrEqual(1);
    const detail = (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, team)).json().data;
    const directions = detail.conversation.map((c: { direction: string }) => c.direction);
    expect(directions).toEqual(['out', 'in']);
    const incoming = detail.conversation[1];
    expect(incoming).toMatchObject({
      delivery: 'received',
      attachments: [expect.objectContaining({ name: 'passport.pdf', type: 'application/pdf' })],
    });
    // the attachment downloads, each time an access-log row
    const download = await api(t, INBOX_CONTRACTS.attachment, { params: { id: incoming!.attachments[0]!.id } }, team);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const logged = await t.app.ctx.db
      .selectFrom('access_log')
      .selectAll()
      .where('action', '=', 'attachment')
      .where('order_id', '=', orderId)
      .execute();
    expect(logged).toHaveLength(1);
    // moving the order on clears the mark
    await api(t, ORDERS_CONTRACTS.move, { body: { orderId, updatingStatus: STATUS.ContactCustomer } }, team);
    expect((await orderRow(t, orderId)).customer_replied_at).toBeNull();
  });

  it('matches by the signed +token, and by an order id in the subject', async () => {
    const { orderId, mail } = await awaitingWithMail();
    const replyTo = mail?.replyTo?.value[0]?.address as string;
    await dovecot.append(await customerReply({ to: replyTo, subject: 'my photo', text: 'attached' }));
    const other = await newOrder(t);
    await dovecot.append(
      await customerReply({ to: 'support@inbox.test', subject: `Question about order ${other}`, text: '?' }),
    );
    const result = await read();
    expect(result.outcomes).toEqual([
      expect.stringMatching(new RegExp(`reply to ${orderId} matched by token`)),
      expect.stringMatching(new RegExp(`reply to ${other} matched by subject$`)),
    ]);
  });

  it('a forged +token, no match at all, a duplicate and malformed MIME each get a clear outcome and lose nothing', async () => {
    const forged = REPLY_TO.replace('@', '+m1-00000000000000000000@');
    const duplicate = await customerReply({
      to: 'support@inbox.test',
      subject: 'hello',
      text: 'same',
      messageId: '<dup-1@example.test>',
    });
    await dovecot.append(await customerReply({ to: forged, subject: 'no order here', text: 'hi' }));
    await dovecot.append(duplicate);
    await dovecot.append(duplicate);
    await dovecot.append(
      'From: x@example.test\r\nSubject: broken\r\nContent-Type: multipart/mixed; boundary="nope"\r\n\r\n--wrong\r\n\u0000\u0001garbage',
    );
    const result = await read();
    expect(result.outcomes).toEqual([
      expect.stringMatching(/^reply: unmatched: .*; forged reply tag \(.*\) ignored$/),
      expect.stringMatching(/^reply: unmatched/),
      expect.stringMatching(/^duplicate: duplicate of inbound \d+$/),
      expect.stringMatching(/^reply: unmatched/),
    ]);
    expect(await dovecot.count('INBOX')).toBe(0);
    const unmatched = await api(t, INBOX_CONTRACTS.inbound, { query: { unmatched: '1', limit: '10' } }, team);
    expect(unmatched.json().data.map((m: { subject: string }) => m.subject)).toEqual([
      'broken',
      'hello',
      'no order here',
    ]);
    // a member links one to its order
    const orderId = await newOrder(t);
    const id = unmatched.json().data[2]!.id;
    const linked = await api(t, INBOX_CONTRACTS.linkInbound, { params: { id }, body: { orderId } }, team);
    expect(linked.json().data).toMatchObject({ order_id: orderId, matched_by: 'staff' });
    expect(
      (await api(t, INBOX_CONTRACTS.linkInbound, { params: { id }, body: { orderId: 'bad id!' } }, team)).statusCode,
    ).toBe(400);
    expect(
      (await api(t, INBOX_CONTRACTS.linkInbound, { params: { id: '999999' }, body: { orderId } }, team)).statusCode,
    ).toBe(404);
    expect((await api(t, INBOX_CONTRACTS.inbound, {})).statusCode).toBe(401);
  });

  it('keeps PDFs and images and refuses an executable by name', async () => {
    const orderId = await newOrder(t);
    await dovecot.append(
      await customerReply({
        to: 'support@inbox.test',
        subject: `Documents for ${orderId}`,
        text: 'see attached',
        attachments: [
          { filename: 'photo.png', content: PNG, contentType: 'image/png' },
          {
            filename: 'setup.exe',
            content: Buffer.from('MZ\x90\x00 this program cannot be run in DOS mode'),
            contentType: 'application/pdf',
          },
        ],
      }),
    );
    const result = await read();
    expect(result.outcomes[0]).toMatch(/attachments refused: setup\.exe \(not a PDF or an image\)$/);
    const [stored] = await inboundOf((await orderRow(t, orderId)).id);
    const kept = await t.app.ctx.db
      .selectFrom('inbound_attachments')
      .selectAll()
      .where('inbound_id', '=', stored?.id as number)
      .execute();
    expect(kept.map((k) => [k.name, k.content_type])).toEqual([['photo.png', 'image/png']]);
  });

  it('refuses a 50 MB attachment with a logged outcome, and keeps the message whole for a member to link', async () => {
    await dovecot.append(await fiftyMegabyteMail());
    const result = await read();
    const said = `reply: unmatched: no reference, tag or order id of ours; attachments refused: ${BIG_NAME} (50 MB, over 10 MB)`;
    expect(result.outcomes).toEqual([said]);
    expect(logLines.map((line) => JSON.parse(line).msg)).toContain(`inbound mail ${said}`);
    expect(await dovecot.count('INBOX')).toBe(0);
    // nothing lost: the message as received holds the file; the small one beside it is kept
    const [stored] = await t.app.ctx.db
      .selectFrom('inbound_mail')
      .selectAll()
      .where('message_id', '=', BIG_MESSAGE_ID)
      .execute();
    expect(Number(await t.app.ctx.files.sizeOf('inbound', stored?.raw_file as string))).toBeGreaterThan(BIG_BYTES);
    const unmatched = (await api(t, INBOX_CONTRACTS.inbound, { query: { unmatched: '1', limit: '1' } }, team)).json()
      .data;
    expect(unmatched[0]).toMatchObject({
      id: stored?.id,
      subject: 'My passport, scanned',
      outcome: expect.stringContaining(`${BIG_NAME} (50 MB, over 10 MB)`),
      attachments: [expect.objectContaining({ name: 'photo.png', type: 'image/png' })],
    });
    // a member links it; the order's conversation shows it with what was kept
    const orderId = await newOrder(t);
    const linked = await api(t, INBOX_CONTRACTS.linkInbound, { params: { id: stored?.id }, body: { orderId } }, team);
    expect(linked.statusCode, linked.body).toBe(200);
    const detail = (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, team)).json().data;
    expect(detail.conversation).toEqual([
      expect.objectContaining({
        direction: 'in',
        subject: 'My passport, scanned',
        attachments: [expect.objectContaining({ name: 'photo.png' })],
      }),
    ]);
  }, 60_000);

  it('a Postfix bounce of the approval mail marks it and moves the order to Contact Customer; a complaint marks its mail; a report for a mail we never sent is kept unmatched', async () => {
    const orderId = await newOrder(t);
    await uploadDocument(
      t,
      team.token,
      { orderId, email: 'jane@example.test', mailServiceProvider: 'cloud' },
      pdfFile(),
    );
    await drainOutbox(t.app);
    const [approval] = await outboxOf(t, orderId);
    const index = sink.messages.findIndex((m) => m.messageId?.includes(`outbox-${approval?.id}.`));
    const verp = sink.envelopeFrom[index] as string;
    const messageId = sink.messages[index]?.messageId as string;
    await dovecot.append(postfixBounce({ verp, recipient: 'jane@example.test', messageId }));
    await dovecot.append(arfComplaint({ verp, recipient: 'jane@example.test', messageId }));
    const never = taggedAddress(BOUNCES, t.config.jwtSecret, 'bounce', 9_999_999);
    await dovecot.append(postfixBounce({ verp: never, recipient: 'who@example.test', messageId: '<x@y>' }));
    const result = await read();
    expect(result.outcomes[0]).toMatch(
      /^bounce: mail \d+ marked bounced: 550 5\.1\.1 .*User unknown; order moved to Contact Customer$/,
    );
    expect(result.outcomes[1]).toMatch(/^complaint: mail \d+ marked complained: complaint: abuse$/);
    expect(result.outcomes[2]).toBe('bounce: unmatched report; delivery report for a mail we never sent');
    expect((await orderRow(t, orderId)).process_status).toBe(STATUS.ContactCustomer);
    const events = await t.app.ctx.db
      .selectFrom('order_events')
      .selectAll()
      .where('order_key', '=', (await orderRow(t, orderId)).id)
      .where('kind', '=', 'status')
      .execute();
    expect(events.at(-1)?.detail).toMatch(/^Approval mail not delivered: 550 5\.1\.1/);
    const history = (await api(t, DETAIL_CONTRACTS.detail, { params: { orderId } }, admin)).json().data.mailHistory;
    expect(history[0]).toMatchObject({ delivery: 'complained' });
  });
});
