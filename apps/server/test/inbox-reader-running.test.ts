import { DETAIL_CONTRACTS, ROLE } from '@eta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './api-client.ts';
import { orderRow } from './detail-fixtures.ts';
import { dovecotForFile } from './dovecot-fixture.ts';
import { customerReply } from './inbound-messages.ts';
import { awaitingOrderWithMail, inboxEnv, READ_WAIT_MS, until } from './inbox-reader-fixtures.ts';
import { INGEST_KEY } from './orders-fixtures.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';
import { buildTestApp, createMember, describeEachDialect, type Member, type TestApp } from './test-app.ts';

/** The inbound reader as a serving instance runs it (DESIGN §25): started with the app, and the mailbox down. */
const dovecot = dovecotForFile();

describeEachDialect('the inbound reader running with the app (DESIGN §25)', (dialect) => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  const awaitingWithMail = (app: TestApp, member: Member) => awaitingOrderWithMail(app, member, sink);

  describe('the reader running with the app', () => {
    let live: TestApp;
    let member: Member;
    beforeAll(async () => {
      live = await buildTestApp(
        dialect,
        {
          INGEST_API_KEY: INGEST_KEY,
          MAIL_CLOUD_URL: sink.url,
          MAIL_FROM: 'eTA Desk <desk@mail.test>',
          ...inboxEnv(dovecot),
          // the longest poll there is: within the waits below only the running session's IDLE brings a reply in
          INBOUND_POLL_SECONDS: '3600',
        },
        // the reader as a serving instance has it: started when the app is ready, never called by the test
        { build: { inboundReader: undefined } },
      );
      member = await createMember(live, ROLE.Team);
      await until('the reader has its session', () => live.app.inboundReader.state().reading);
    });
    afterAll(() => live.close());

    /** The order once its customer's reply is on it (Customer replied), waited for up to READ_WAIT_MS. */
    const repliedOrder = (orderId: string) =>
      until(`a reply on ${orderId}`, async () => {
        const row = await orderRow(live, orderId);
        return row.customer_replied_at ? row : null;
      });

    it(
      'puts a reply to a customer mail on its order within a poll, and the next replies too, with no read called',
      async () => {
        const first = await awaitingWithMail(live, member);
        await dovecot.append(
          await customerReply({
            to: first.mail?.replyTo?.value[0]?.address as string,
            subject: 'Re: A clearer photo, please',
            text: 'Here it is.',
            inReplyTo: first.mail?.messageId,
          }),
        );
        expect((await repliedOrder(first.orderId)).follow_up_on).toBeNull();
        // two more at once: the second may come while the reader is busy with the first
        const second = await awaitingWithMail(live, member);
        const third = await awaitingWithMail(live, member);
        for (const { mail } of [second, third])
          await dovecot.append(
            await customerReply({
              to: 'support@inbox.test',
              subject: 'Re: A clearer photo, please',
              text: 'attached',
              inReplyTo: mail?.messageId,
            }),
          );
        await repliedOrder(second.orderId);
        await repliedOrder(third.orderId);
        expect(live.app.inboundReader.state()).toMatchObject({ reading: true, problem: null, failures: 0 });
        await until('INBOX emptied', async () => (await dovecot.count('INBOX')) === 0);
        const detail = (await api(live, DETAIL_CONTRACTS.detail, { params: { orderId: third.orderId } }, member)).json()
          .data;
        expect(detail.conversation.map((c: { direction: string }) => c.direction)).toEqual(['out', 'in']);
      },
      4 * READ_WAIT_MS,
    );
  });

  describe('the mailbox down or refusing us', () => {
    it('readiness names the problem, the reader waits before trying again, and staff work on', async () => {
      const down = await buildTestApp(dialect, { INBOUND_IMAP_URL: 'imap://u:p@127.0.0.1:1/INBOX' });
      try {
        await expect(down.app.inboundReader.readOnce()).rejects.toThrow();
        const state = down.app.inboundReader.state();
        expect(state.problem).toBe('inbound mailbox: connection refused');
        expect((state.retryAt as number) - Date.now()).toBeGreaterThan(4000);
        const ready = await down.app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json().message).toContain('inbound mailbox: connection refused');
        expect((await down.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        await down.close();
      }
      const wrong = await buildTestApp(dialect, { INBOUND_IMAP_URL: dovecot.wrongPasswordUrl });
      try {
        await expect(wrong.app.inboundReader.readOnce()).rejects.toThrow();
        expect(wrong.app.inboundReader.state().problem).toBe(
          'inbound mailbox: sign-in refused (wrong user name or password)',
        );
      } finally {
        await wrong.close();
      }
    });
  });
});
