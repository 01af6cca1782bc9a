import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { MAIL_KIND, STATUS } from '@eta/shared';
import { connect, SQLITE_FILE } from '../../apps/server/src/db/connect.ts';
import type { Target } from './databases.ts';
import { type Percentiles, percentiles } from './http.ts';
import { composeInbound, type InboundKind, SHARE } from './inbound-mail.ts';
import type { Mailbox } from './mailbox.ts';
import type { Throughput } from './mixed.ts';
import type { Session } from './session.ts';

/** DESIGN §27: the intake one instance takes while the §11 mixed workload runs */
export const INBOUND_PER_MINUTE = 1_000;
const INTERVAL_MS = 60_000 / INBOUND_PER_MINUTE;
/** DESIGN §27 asks the reader to keep pace: a reader slower than the mail falls further behind with every message */
export const INBOUND_BEHIND_BUDGET_MS = 1_000;
/**
 * How long the last messages may take once the load stops before they count as lost: beyond
 * INBOUND_POLL_SECONDS' default (60 s), the longest a message may wait for a reader that missed
 * IDLE's news of it.
 */
const DRAIN_MS = 75_000;

export interface InboundFigure {
  /** messages appended to INBOX during the mix */
  appended: number;
  /** how far the last APPEND finished behind its place on the clock (i × 60 ms): 0 when this process kept the rate */
  appendLateMs: number;
  /** of them, rows found in inbound_mail at the end; the rest are lost */
  stored: number;
  /** stored per minute, from the first APPEND to the last row */
  storedPerMinute: number;
  /** from a message's APPEND to its row's time (the reader's intake), ms */
  behind: Percentiles;
  /** what the rows say: replies on their orders, replies with no order, bounces that marked a mail */
  outcomes: Record<InboundKind, number>;
  /** messages still in INBOX at the end (a message leaves it only once its row committed) */
  leftInInbox: number;
  /** the mixed workload meanwhile, with its CPU */
  mixed: Throughput;
}

type Handle = ReturnType<typeof connect>;

function open(target: Target): Handle {
  return connect({
    databaseUrl: target.databaseUrl,
    preparedStatements: false,
    sqliteFile: path.join(target.dataDir, SQLITE_FILE),
    onIdleError: () => {},
  });
}

/**
 * Approval mails a bounce may name: sent to Completed orders the run's members never change (the
 * mixed workload moves Awaiting and Contact Customer orders), newest first, not bounced before.
 * Each bounce moves its order to Contact Customer, as DESIGN §25 says.
 */
async function approvalsToBounce(handle: Handle, wanted: number) {
  const rows = await handle.db
    .selectFrom('mail_outbox')
    .innerJoin('orders', 'orders.id', 'mail_outbox.order_key')
    .select(['mail_outbox.id', 'mail_outbox.to_address'])
    .where('mail_outbox.kind', '=', MAIL_KIND.approval)
    .where('mail_outbox.delivery', 'is', null)
    .where('orders.process_status', '=', STATUS.Completed)
    .orderBy('mail_outbox.id', 'desc')
    .limit(wanted)
    .execute();
  return rows.map((r) => ({ outboxId: Number(r.id), to: r.to_address }));
}

/** The rows the reader stored of these messages, by Message-ID: when, and what it made of each. */
async function storedRows(handle: Handle, messageIds: readonly string[]) {
  const rows: {
    message_id: string | null;
    created_at: string;
    kind: string;
    order_key: number | null;
    outcome: string;
  }[] = [];
  for (let i = 0; i < messageIds.length; i += 500) {
    rows.push(
      ...(await handle.db
        .selectFrom('inbound_mail')
        .select(['message_id', 'created_at', 'kind', 'order_key', 'outcome'])
        .where('message_id', 'in', messageIds.slice(i, i + 500))
        .execute()),
    );
  }
  return rows;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * DESIGN §27: the mixed workload (`load`, as the run's own mixed figure) while customers' mail
 * arrives at INBOUND_PER_MINUTE, appended to the server's mailbox by this process on a fixed clock
 * (message i at i × 60 ms; a late append is caught up at once, never skipped). The server's reader
 * takes each in (IDLE tells it of new mail) while staff calls run. Afterwards, the rows of the
 * run's messages are read from the database: how many were stored, how far behind, none lost.
 */
export async function measureInbound(
  session: Session,
  target: Target,
  mailbox: Mailbox,
  o: { seconds: number; seed: number; jwtSecret: string; load: () => Promise<Throughput> },
): Promise<InboundFigure> {
  const count = Math.max(1, Math.floor((o.seconds * 1000) / INTERVAL_MS));
  const handle = open(target);
  try {
    const orders = [
      ...session.sample.map((s) => ({ orderId: s.order_id, email: s.email })),
      // replies to orders waiting on their customer: the ones a reply marks (and notifies their holder)
      ...session.movable.map((m) => ({ orderId: m.orderId, email: null })),
    ];
    const approvals = await approvalsToBounce(handle, Math.ceil(count * SHARE.bounce * 2) + 1);
    // composed before the clock starts: the bench process also drives the mixed workload
    const mails = await composeInbound(
      count,
      { orders, approvals },
      {
        tag: randomBytes(4).toString('hex'),
        seed: o.seed,
        jwtSecret: o.jwtSecret,
      },
    );
    const appendedAt: number[] = [];
    const deliver = async () => {
      const start = performance.now();
      const wallStart = Date.now();
      for (const [i, mail] of mails.entries()) {
        const due = start + i * INTERVAL_MS - performance.now();
        if (due > 0) await pause(due);
        await mailbox.append(mail.raw);
        appendedAt.push(wallStart + (performance.now() - start));
      }
    };
    const [mixed] = await Promise.all([o.load(), deliver()]);
    const ids = mails.map((m) => m.messageId);
    let rows = await storedRows(handle, ids);
    for (const until = Date.now() + DRAIN_MS; rows.length < ids.length && Date.now() < until; ) {
      await pause(250);
      rows = await storedRows(handle, ids);
    }
    const at = new Map(rows.map((r) => [r.message_id, Date.parse(r.created_at)]));
    const behind = mails.flatMap((m, i) => {
      const stored = at.get(m.messageId);
      return stored === undefined ? [] : [Math.max(0, stored - (appendedAt[i] as number))];
    });
    const first = appendedAt[0] as number;
    const last = Math.max(...rows.map((r) => Date.parse(r.created_at)), first);
    return {
      appended: mails.length,
      appendLateMs: Math.max(0, (appendedAt.at(-1) as number) - first - (mails.length - 1) * INTERVAL_MS),
      stored: rows.length,
      storedPerMinute: (rows.length * 60_000) / Math.max(last - first + INTERVAL_MS, 1),
      behind: percentiles(behind),
      outcomes: {
        reply: rows.filter((r) => r.kind === 'reply' && r.order_key !== null).length,
        unmatched: rows.filter((r) => r.kind === 'reply' && r.order_key === null).length,
        bounce: rows.filter((r) => r.kind === 'bounce' && /marked bounced/.test(r.outcome)).length,
      },
      leftInInbox: await mailbox.waiting(),
      mixed,
    };
  } finally {
    await handle.close();
  }
}
