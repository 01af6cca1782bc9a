import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { CONVERSATION_KEY, CONVERSATION_LABEL } from '../../../bench/src/conversation.ts';
import type { InboundFigure } from '../../../bench/src/inbound.ts';
import { composeInbound, SHARE } from '../../../bench/src/inbound-mail.ts';
import { BOUNCES, NO_DOVECOT } from '../../../bench/src/mailbox.ts';
import type { Throughput } from '../../../bench/src/mixed.ts';
import { type DbResult, failures, latencyRow, MIXED_BUDGET, type RunInfo } from '../../../bench/src/report.ts';
import { INBOUND_LABEL, inboundRows } from '../../../bench/src/report-inbound.ts';
import { readTag } from '../src/lib/mail-tokens.ts';
import { kindOf, reportFields, reportText } from '../src/modules/inbox/reports.ts';

/** Issue 35's figures of `npm run bench`: the mail the load sends, and how the report shows and counts them. No timings. */

const stats = (p95: number) => ({ p50: p95 / 2, p95, p99: p95 + 1, max: p95 + 5, count: 300 });
const mix = (requestsPerSecond: number, errors = 0): Throughput => ({
  requestsPerSecond,
  total: requestsPerSecond * 20,
  errors,
  non2xx: errors,
  latencyP50: 3,
  latencyP99: 30,
  seconds: 20,
  latencies: { detail: stats(8), list: stats(7), view: stats(9), counts: stats(5), search: stats(20), find: stats(6) },
});
const figure = (over: Partial<InboundFigure> = {}): InboundFigure => ({
  appended: 333,
  appendLateMs: 4,
  stored: 333,
  storedPerMinute: 998,
  behind: stats(60),
  outcomes: { reply: 283, unmatched: 40, bounce: 10 },
  leftInInbox: 0,
  mixed: mix(3_000),
  ...over,
});
const result = (inbound: InboundFigure | null, latencies: DbResult['latencies'] = []) =>
  ({
    target: { dialect: 'sqlite' },
    latencies,
    retention: null,
    ratios: [],
    mixed: mix(3_100),
    browser: [],
    live: { streams: 100, stats: stats(60), changes: 10, lost: 0 },
    inbound,
  }) as unknown as DbResult;
const info = { bundles: { admin: null, public: null } } as unknown as RunInfo;

describe('inbound mail figures of the benchmark (issue 35)', () => {
  it('shows the intake, the mix meanwhile and the staff p95s beside the plain mix', () => {
    const rows = inboundRows(figure(), MIXED_BUDGET, mix(3_100));
    expect(rows.map((r) => [r.figure, r.result])).toEqual([
      [INBOUND_LABEL, 'pass'],
      ['mixed staff workload while inbound mail is read (20 s)', 'pass'],
      ['staff calls under the mix: p95 with the mail (without)', 'info'],
    ]);
    expect(rows[0]?.value).toBe(
      '333 of 333 stored (0 lost, 0 left in INBOX), 998 a minute from the first APPEND to the last row; the reader behind p50 30.0 · p95 60.0 · max 65.0 ms; 283 replies on their orders, 40 with none, 10 bounces marked',
    );
    expect(rows[2]?.value).toBe(
      'detail 8.00 (8.00) · list 7.00 (7.00) · view 9.00 (9.00) · counts 5.00 (5.00) · search 20.0 (20.0) · find 6.00 (6.00) ms',
    );
    expect(failures([result(figure())], info)).toEqual([]);
  });

  it('counts a lost message, a reader falling behind, late appends and a slow or failing mix as missed', () => {
    expect(failures([result(figure({ stored: 331, leftInInbox: 2 }))], info)).toEqual([
      'sqlite: inbound mail 2 lost, 2 left in INBOX',
    ]);
    expect(failures([result(figure({ behind: stats(1_500) }))], info)).toEqual([
      'sqlite: inbound reader p95 1500 ms behind > 1000 ms',
    ]);
    expect(failures([result(figure({ appendLateMs: 2_000 }))], info)).toEqual([
      'sqlite: inbound mail appended 2,000 ms behind 1,000 a minute',
    ]);
    expect(failures([result(figure({ mixed: mix(1_500, 3) }))], info)).toEqual([
      'sqlite: mixed while inbound mail is read 1,500 req/s',
      'sqlite: mixed while inbound mail is read had 3 errors',
    ]);
    expect(inboundRows(figure({ stored: 300 }), MIXED_BUDGET, mix(3_100))[0]?.result).toBe('**FAIL**');
  });

  it('says so without dovecot, and does not count it as a missed budget', () => {
    const [row] = inboundRows(null, MIXED_BUDGET, mix(3_100));
    expect([row?.value, row?.result]).toEqual([`— (${NO_DOVECOT})`, 'skipped']);
    const skipped = {
      key: CONVERSATION_KEY,
      label: CONVERSATION_LABEL,
      stats: null,
      missing: NO_DOVECOT,
      skipped: true,
    };
    expect(latencyRow(skipped, null)).toMatchObject({ result: 'skipped', budget: 'p95 ≤ 10 ms' });
    expect(failures([result(null, [skipped])], info)).toEqual([]);
    // measured, the conversation's detail has the order detail's budget
    const measured = { key: CONVERSATION_KEY, label: CONVERSATION_LABEL, stats: stats(12) };
    expect(failures([result(null, [measured])], info)).toEqual([`sqlite: ${CONVERSATION_LABEL} p95 12.0 ms > 10 ms`]);
    // a figure missing for another reason still counts
    expect(failures([result(null, [{ ...skipped, skipped: false }])], info)).toEqual([
      `sqlite: ${CONVERSATION_LABEL} not measured`,
    ]);
  });

  it('sends replies naming their order, mail naming none, and Postfix bounces signed for our approval mails', async () => {
    const secret = 'bench-secret-0123456789abcdef0123456789';
    const orders = Array.from({ length: 20 }, (_, i) => ({ orderId: `UK-${700000 + i}`, email: `c${i}@example.test` }));
    const approvals = Array.from({ length: 50 }, (_, i) => ({ outboxId: 900 + i, to: `a${i}@example.test` }));
    const mails = await composeInbound(400, { orders, approvals }, { tag: 'abcd', seed: 7, jwtSecret: secret });
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(400);
    const share = (kind: string) => mails.filter((m) => m.kind === kind).length / mails.length;
    expect(share('bounce')).toBeGreaterThan(SHARE.bounce / 2);
    expect(share('bounce')).toBeLessThan(SHARE.bounce * 2);
    expect(share('unmatched')).toBeGreaterThan(SHARE.unmatched / 2);
    expect(share('unmatched')).toBeLessThan(SHARE.unmatched * 2);
    for (const m of mails) {
      const parsed = await simpleParser(m.raw);
      // the Message-ID the bench finds the row by
      expect(parsed.messageId).toBe(m.messageId);
      expect(kindOf(parsed)).toBe(m.kind === 'bounce' ? 'bounce' : 'reply');
      const named = orders.filter((o) => parsed.subject?.includes(o.orderId));
      expect(named).toHaveLength(m.kind === 'reply' ? 1 : 0);
      if (m.kind === 'bounce') {
        const sender =
          reportFields(reportText(parsed))
            .get('x-postfix-sender')
            ?.replace(/^rfc822;\s*/i, '') ?? '';
        expect(readTag(sender, BOUNCES, secret, 'bounce')).toMatchObject({ tag: 'valid' });
      }
    }
  });
});
