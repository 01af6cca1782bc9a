import { INBOX_CONTRACTS, ROLE } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTag } from '../src/lib/mail-tokens.ts';
import { drainOutbox } from '../src/modules/mail/mail.service.ts';
import { type ApiRefusal, api } from './api-client.ts';
import { newOrder, outboxOf } from './detail-fixtures.ts';
import { INBOX_ADDRESSES_ENV } from './inbox-reader-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { ofOrder, type SmtpSink, startSmtpSink } from './smtp-sink.ts';
import { buildTestApp, call, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

const photoTemplate = {
  name: 'Clearer passport photo',
  subject: 'Order {{order_id}}: we need a clearer photo',
  body: 'Dear {{first_name}} {{sur_name}},\n\nPlease send a clearer passport photo.\nTrack: {{track_url}}\n\nCall {{support_phone}} - {{site_name}}',
  folders: ['awaitingorder'],
  publicNote: 'Send us a clearer photo of your passport page.',
};

describeEachDialect('customer mail templates and send-customer-mail (DESIGN §25)', (dialect) => {
  let sink: SmtpSink;
  let t: TestApp;
  let admin: Member;
  let manager: Member;
  let team: Member;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp(dialect, {
      INGEST_API_KEY: INGEST_KEY,
      MAIL_CLOUD_URL: sink.url,
      MAIL_FROM: 'eTA Desk <desk@mail.test>',
      PUBLIC_BASE_URL_PRIMARY: 'https://primary.test',
      ...INBOX_ADDRESSES_ENV,
    });
    admin = await createMember(t, ROLE.Admin);
    manager = await createMember(t, ROLE.Manager);
    team = await createMember(t, ROLE.Team);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  describe('templates', () => {
    it('a Manager writes, changes and deletes one; every staff type lists them', async () => {
      const created = await api(t, INBOX_CONTRACTS.createTemplate, { body: photoTemplate }, manager);
      expect(created.statusCode).toBe(201);
      const id = created.json().data.id;
      expect(created.json().data).toMatchObject({ folders: ['awaitingorder'], public_note: photoTemplate.publicNote });
      const changed = await api(
        t,
        INBOX_CONTRACTS.updateTemplate,
        { params: { id }, body: { ...photoTemplate, name: 'Photo' } },
        admin,
      );
      expect(changed.json().data.name).toBe('Photo');
      const listed = await api(t, INBOX_CONTRACTS.templates, {}, team);
      expect(listed.json().data.map((r: { id: number }) => r.id)).toContain(id);
      expect((await api(t, INBOX_CONTRACTS.deleteTemplate, { params: { id } }, manager)).statusCode).toBe(200);
      expect((await api(t, INBOX_CONTRACTS.deleteTemplate, { params: { id } }, manager)).statusCode).toBe(404);
      expect(
        (await api(t, INBOX_CONTRACTS.updateTemplate, { params: { id }, body: photoTemplate }, manager)).statusCode,
      ).toBe(404);
    });

    it('refuses an unknown variable, an unknown folder, a missing body and unknown keys with the field', async () => {
      const typo = await api(
        t,
        INBOX_CONTRACTS.createTemplate,
        { body: { ...photoTemplate, body: 'Hi {{firstname}}' } },
        admin,
      );
      expect(typo.statusCode).toBe(400);
      expect(typo.json<ApiRefusal>().data.errors.body).toMatch(/\{\{firstname\}\} is not a variable/);
      const folder = await api(
        t,
        INBOX_CONTRACTS.createTemplate,
        { body: { ...photoTemplate, folders: ['nowhere'] } },
        admin,
      );
      expect(folder.json<ApiRefusal>().data.errors.folders).toBeDefined();
      const blank = await api(t, INBOX_CONTRACTS.createTemplate, { body: { ...photoTemplate, body: '  ' } }, admin);
      expect(blank.json().message).toBe('Write the body of the template.');
      const extra = await call(t, 'POST', '/api/admin/mail-templates', admin.token, { ...photoTemplate, html: '<b>' });
      expect(extra.statusCode).toBe(400);
    });

    it('answers 401 without a session and 403 to a Team member who writes one', async () => {
      expect((await api(t, INBOX_CONTRACTS.templates, {})).statusCode).toBe(401);
      expect((await api(t, INBOX_CONTRACTS.createTemplate, { body: photoTemplate }, team)).statusCode).toBe(403);
      expect((await api(t, INBOX_CONTRACTS.deleteTemplate, { params: { id: '1' } }, team)).statusCode).toBe(403);
    });
  });

  describe('send-customer-mail', () => {
    it('renders each variable once, escapes markup, and carries our Message-ID, a signed Reply-To and a signed Return-Path', async () => {
      // a customer whose name is markup and a variable: neither may become either
      const orderId = await newOrder(t, { first_name: '<b>{{track_url}}</b>', sur_name: "O'Brien & Co" });
      const template = (await api(t, INBOX_CONTRACTS.createTemplate, { body: photoTemplate }, admin)).json().data;
      const res = await api(
        t,
        INBOX_CONTRACTS.sendCustomerMail,
        {
          body: {
            orderId,
            templateId: template.id,
            subject: template.subject,
            body: template.body,
            mailServiceProvider: 'cloud',
          },
        },
        team,
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().data.subject).toBe(`Order ${orderId}: we need a clearer photo`);
      expect(await drainOutbox(t.app)).toMatchObject({ sent: 1 });
      const [mail] = ofOrder(sink, orderId);
      expect(mail?.text).toContain("Dear <b>{{track_url}}</b> O'Brien & Co,");
      expect(mail?.html).toContain('Dear &lt;b&gt;{{track_url}}&lt;/b&gt; O&#39;Brien &amp; Co,');
      expect(mail?.html).not.toContain('<b>');
      expect(mail?.text).toContain(`Track: https://primary.test/track-order/`);
      const [row] = await outboxOf(t, orderId);
      expect(row?.public_note).toBe(photoTemplate.publicNote);
      expect(mail?.messageId).toMatch(new RegExp(`^<outbox-${row?.id}\\.\\d+@mail\\.test>$`));
      const replyTo = mail?.replyTo?.value[0]?.address as string;
      expect(readTag(replyTo, 'replies@inbox.test', t.config.jwtSecret, 'reply')).toEqual({
        tag: 'valid',
        mailId: Number(row?.id),
      });
      const returnPath = sink.envelopeFrom[sink.messages.indexOf(mail as never)] as string;
      expect(readTag(returnPath, 'bounces@inbox.test', t.config.jwtSecret, 'bounce')).toEqual({
        tag: 'valid',
        mailId: Number(row?.id),
      });
      // the reply tag does not pass as a bounce tag, nor the other way round
      expect(
        readTag(replyTo.replace('replies', 'bounces'), 'bounces@inbox.test', t.config.jwtSecret, 'bounce').tag,
      ).toBe('forged');
    });

    it('refuses bad input with the field, an unknown template, and answers 401', async () => {
      const orderId = await newOrder(t);
      const bad = await api(t, INBOX_CONTRACTS.sendCustomerMail, { body: { orderId, subject: '', body: 'x' } }, team);
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ApiRefusal>().data.errors.subject).toBe('Write a subject.');
      const typo = await api(
        t,
        INBOX_CONTRACTS.sendCustomerMail,
        { body: { orderId, subject: 'Hi', body: '{{evil}}' } },
        team,
      );
      expect(typo.json<ApiRefusal>().data.errors.body).toMatch(/is not a variable/);
      const missing = await api(
        t,
        INBOX_CONTRACTS.sendCustomerMail,
        { body: { orderId, templateId: 999999, subject: 'a', body: 'b' } },
        team,
      );
      expect(missing.statusCode).toBe(404);
      expect(
        (await api(t, INBOX_CONTRACTS.sendCustomerMail, { body: { orderId, subject: 'a', body: 'b' } })).statusCode,
      ).toBe(401);
      expect(await outboxOf(t, orderId)).toEqual([]);
    });
  });
});
