import path from 'node:path';
import { STATUS } from '@eta/shared';
import { connect, SQLITE_FILE } from '../../apps/server/src/db/connect.ts';
import type { Target } from './databases.ts';
import type { Client } from './http.ts';
import { composeReply, replySubject } from './inbound-mail.ts';
import { type LatencyFigure, sample } from './latency.ts';
import { type Mailbox, NO_DOVECOT } from './mailbox.ts';
import { createRng } from './rng.ts';
import type { Session } from './session.ts';

/** issue 35: the order detail with a conversation this long, within DESIGN §11's detail budget */
export const CONVERSATION_LENGTH = 50;
export const CONVERSATION_KEY = 'detail-conversation';
export const CONVERSATION_LABEL = `order detail, ${CONVERSATION_LENGTH}-message conversation`;
/** beyond INBOUND_POLL_SECONDS' default: the reader reads what is there when it starts, then on IDLE's news */
const WAIT_MS = 75_000;

/**
 * The order the conversation is put on: the newest Completed order with no mail of ours, outside
 * the sample the other figures open (so their detail figure stays the dataset's). Recent, so the
 * retention figure does not expire it (it removes inbound mail with the documents); no approval
 * mail, so the inbound figure's bounces never move it. The same order in every run of a kept
 * dataset, so its conversation is topped up, never doubled.
 */
async function conversationOrder(target: Target, session: Session): Promise<string> {
  const handle = connect({
    databaseUrl: target.databaseUrl,
    preparedStatements: false,
    sqliteFile: path.join(target.dataDir, SQLITE_FILE),
    onIdleError: () => {},
  });
  try {
    const rows = await handle.db
      .selectFrom('orders')
      .select('orders.order_id')
      .where('process_status', '=', STATUS.Completed)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('mail_outbox').select('mail_outbox.id').whereRef('mail_outbox.order_key', '=', 'orders.id'),
          ),
        ),
      )
      .orderBy('orders.id', 'desc')
      .limit(50)
      .execute();
    const sampled = new Set(session.sample.map((s) => s.order_id));
    const order = rows.find((r) => !sampled.has(r.order_id));
    if (!order) throw new Error('no Completed order outside the sample for the conversation figure');
    return order.order_id;
  } finally {
    await handle.close();
  }
}

const conversationOf = async (client: Client, token: string, orderId: string): Promise<unknown[]> => {
  const reply = await client.call('GET', `/api/admin/get-orders-details/${encodeURIComponent(orderId)}`, token);
  if (reply.status !== 200) throw new Error(`order detail answered ${reply.status}`);
  return reply.json.data.conversation as unknown[];
};

/**
 * Gives one dataset order a CONVERSATION_LENGTH-message conversation the way customers' mail gets
 * there: replies naming the order appended to the server's mailbox (IMAP APPEND), read by the
 * server's own reader, each stored with its text, sanitised HTML and, one in five, a photo.
 * Waits until the detail shows them all.
 */
export async function prepareConversation(
  client: Client,
  session: Session,
  target: Target,
  mailbox: Mailbox,
): Promise<string> {
  const orderId = await conversationOrder(target, session);
  const token = session.actor.token;
  const have = (await conversationOf(client, token, orderId)).length;
  const rng = createRng(CONVERSATION_LENGTH);
  const stamp = Date.now().toString(36);
  for (let i = have; i < CONVERSATION_LENGTH; i += 1) {
    const messageId = `<bench-conversation-${stamp}-${i}@customer.bench.test>`;
    const from = session.sample[0]?.email ?? 'customer@example.test';
    await mailbox.append(
      await composeReply({ rng, messageId, subject: replySubject(orderId), from, photo: i % 5 === 0 }),
    );
  }
  for (const until = Date.now() + WAIT_MS; ; ) {
    const length = (await conversationOf(client, token, orderId)).length;
    if (length >= CONVERSATION_LENGTH) return orderId;
    if (Date.now() > until)
      throw new Error(`the conversation of ${orderId} reached ${length} of ${CONVERSATION_LENGTH} messages`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * That order's detail, measured as the 'order detail' figure is (one connection, calls one after
 * another, after a warm-up), against the same DESIGN §11 budget. Without dovecot: skipped, as
 * the run says (the rest of the run does not need it).
 */
export async function measureConversationDetail(
  client: Client,
  session: Session,
  orderId: string | null,
  samples: number,
): Promise<LatencyFigure> {
  if (orderId === null)
    return { key: CONVERSATION_KEY, label: CONVERSATION_LABEL, stats: null, missing: NO_DOVECOT, skipped: true };
  const path = `/api/admin/get-orders-details/${encodeURIComponent(orderId)}`;
  const stats = await sample(CONVERSATION_LABEL, samples, () => client.call('GET', path, session.actor.token));
  return { key: CONVERSATION_KEY, label: CONVERSATION_LABEL, stats };
}
