import { FOLLOW_UP_CONTRACTS, INBOX_CONTRACTS, ORDERS_CONTRACTS, STATUS } from '@eta/shared';
import { expect } from 'vitest';
import { drainOutbox } from '../src/modules/mail/mail.service.ts';
import { api } from './api-client.ts';
import { newOrder, orderRow } from './detail-fixtures.ts';
import type { Dovecot } from './dovecot-fixture.ts';
import type { SmtpSink } from './smtp-sink.ts';
import type { Member, TestApp } from './test-app.ts';

/** What the inbound mailbox's tests share (inbox-reader.test.ts, inbox-reader-running.test.ts, inbox-privacy.test.ts). */
export const REPLY_TO = 'replies@inbox.test';
export const BOUNCES = 'bounces@inbox.test';

/** The addresses an app with a mailbox gives its mails: replies and bounces come back tagged to them. */
export const INBOX_ADDRESSES_ENV = { INBOUND_REPLY_TO: REPLY_TO, INBOUND_BOUNCE_ADDRESS: BOUNCES };

/** The settings of an app that reads `dovecot`'s mailbox, with those addresses. */
export const inboxEnv = (dovecot: Dovecot) => ({ INBOUND_IMAP_URL: dovecot.url, ...INBOX_ADDRESSES_ENV });

/** the most a test waits for the running reader: far above a read on a loaded machine, far below the poll */
export const READ_WAIT_MS = 30_000;

/** Looks again every 100 ms until `check` gives a value, for at most READ_WAIT_MS: a wait, never a timing assertion. */
export async function until<T>(what: string, check: () => T | null | false | Promise<T | null | false>): Promise<T> {
  const giveUpAt = Date.now() + READ_WAIT_MS;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > giveUpAt) throw new Error(`waited ${READ_WAIT_MS / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An order in Awaiting Customer with a follow-up date, and a template mail to its customer, sent. */
export async function awaitingOrderWithMail(app: TestApp, member: Member, sink: SmtpSink) {
  const orderId = await newOrder(app);
  await api(app, ORDERS_CONTRACTS.move, { body: { orderId, updatingStatus: STATUS.Awaiting } }, member);
  await api(app, FOLLOW_UP_CONTRACTS.followUp, { body: { orderId, followUpOn: '2026-12-24' } }, member);
  const sent = await api(
    app,
    INBOX_CONTRACTS.sendCustomerMail,
    {
      body: {
        orderId,
        subject: 'A clearer photo, please',
        body: 'Dear {{first_name}},\n\nPlease send a clearer photo.',
      },
    },
    member,
  );
  expect(sent.statusCode).toBe(201);
  await drainOutbox(app.app);
  const mail = sink.messages.find(
    (m) => m.subject === 'A clearer photo, please' && m.to && JSON.stringify(m.to).includes(orderId.toLowerCase()),
  );
  return { orderId, mail, row: await orderRow(app, orderId) };
}
