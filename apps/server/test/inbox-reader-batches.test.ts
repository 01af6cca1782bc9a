import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_BYTES, BATCH_MESSAGES, batches } from '../src/modules/inbox/reader.ts';
import { dovecotForFile } from './dovecot-fixture.ts';
import { customerReply } from './inbound-messages.ts';
import { inboxEnv } from './inbox-reader-fixtures.ts';
import { buildTestApp, describeEachDialect, type TestApp } from './test-app.ts';

/**
 * The reader takes the mailbox in batches (issue 35's bench: one message at a time, four round
 * trips each, kept it a second behind at 1,000 a minute): sizes and sources fetched for many
 * messages at once, then all of a batch marked seen and moved together, still only once stored.
 */
describe('batches of the mailbox', () => {
  it('keeps order and cuts at BATCH_MESSAGES messages or BATCH_BYTES bytes, a larger message alone', () => {
    const uids = Array.from({ length: BATCH_MESSAGES + 5 }, (_, i) => i + 1);
    const small = new Map(uids.map((uid) => [uid, 1000]));
    expect(batches(uids, small).map((b) => b.length)).toEqual([BATCH_MESSAGES, 5]);
    expect(batches(uids, small).flat()).toEqual(uids);
    const big = new Map([
      [1, BATCH_BYTES / 2],
      [2, BATCH_BYTES / 2],
      [3, 1],
      [4, BATCH_BYTES * 3],
      [5, 1],
    ]);
    expect(batches([1, 2, 3, 4, 5], big)).toEqual([[1, 2], [3], [4], [5]]);
  });
});

const dovecot = dovecotForFile();

describeEachDialect('a full mailbox read in batches', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, inboxEnv(dovecot));
  });
  afterAll(() => t.close());

  it('stores every message of several batches, in the order they came, and leaves none in INBOX', async () => {
    const total = BATCH_MESSAGES * 2 + 7;
    const processedBefore = await dovecot.count('Processed');
    for (let i = 0; i < total; i++) {
      await dovecot.append(
        await customerReply({
          to: 'support@inbox.test',
          subject: `Question number ${i}`,
          text: `Message ${i}.`,
          messageId: `<batch-${dialect}-${i}@example.test>`,
        }),
      );
    }
    const result = await t.app.inboundReader.readOnce();
    expect(result.read).toBe(total);
    expect(await dovecot.count('INBOX')).toBe(0);
    expect(await dovecot.count('Processed')).toBe(processedBefore + total);
    const stored = await t.app.ctx.db
      .selectFrom('inbound_mail')
      .select(['subject'])
      .where('subject', 'like', 'Question number %')
      .orderBy('id')
      .execute();
    expect(stored.map((row) => row.subject)).toEqual(Array.from({ length: total }, (_, i) => `Question number ${i}`));
    // a second read finds nothing left to do
    expect((await t.app.inboundReader.readOnce()).read).toBe(0);
  });
});
