import { taggedAddress } from '../../apps/server/src/lib/mail-tokens.ts';
import { solidPng } from '../../apps/server/src/seed/png.ts';
import { customerReply, postfixBounce } from '../../apps/server/test/inbound-messages.ts';
import { BOUNCES, REPLY_TO } from './mailbox.ts';
import { createRng, type Rng } from './rng.ts';

/**
 * The mail a busy desk's mailbox receives, as real RFC 5322 files composed by the API tests'
 * composer (apps/server/test/inbound-messages.ts, nodemailer's; never by hand): customers' replies
 * naming their order in the subject, mail that names no order, and a few bounces of our approval
 * mails as Postfix writes them. Each carries a Message-ID of the run's, so its row is found after.
 */

export type InboundKind = 'reply' | 'unmatched' | 'bounce';
/** Of every hundred messages: the rest are replies matched to their order. */
export const SHARE = { unmatched: 0.12, bounce: 0.03 };

export interface PlannedMail {
  kind: InboundKind;
  messageId: string;
  raw: Buffer;
}

export interface InboundTargets {
  /** dataset orders customers write about, with their address where the bench knows it */
  orders: readonly { orderId: string; email: string | null }[];
  /** sent approval mails of Completed orders: the ones a bounce may name (VERP, signed) */
  approvals: readonly { outboxId: number; to: string }[];
}

const LINES = [
  'Thank you for your email. I have attached a clearer photo of my passport as you asked.',
  'My flight is on Friday morning; will the eTA be ready in time?',
  'I made a mistake with my date of birth on the form: it should be the 14th, not the 4th.',
  'Could you please confirm that you received my documents?',
  'I have not received the approval email yet, could you send it again?',
  'My passport was renewed last month. Do I need to apply again with the new number?',
  'Is the payment on my card the full fee, or will there be another charge?',
  'I am travelling with my two children. Do they each need their own application?',
];
const OUR_TEXT = [
  'Dear customer,',
  '',
  'Thank you for your application. We need a clearer photo of the personal details page of your passport',
  'before we can submit it. Please reply to this email with the photo attached.',
  '',
  'Kind regards,',
  'UK ETA Apply',
];
const quoted = OUR_TEXT.map((line) => `> ${line}`).join('\n');
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** a small real image, kept by the reader as an attachment (it checks the bytes, not the name) */
const PHOTO = solidPng(24, 16, [180, 150, 120]);

/** One customer's reply about an order: a few lines, a signature, our mail quoted, as mail clients send it. */
export function composeReply(o: {
  rng: Rng;
  messageId: string;
  subject: string;
  from: string;
  photo?: boolean;
}): Promise<Buffer> {
  const lines = [o.rng.pick(LINES), ...(o.rng.chance(0.5) ? [o.rng.pick(LINES)] : [])];
  const text = `Hello,\n\n${lines.join('\n\n')}\n\nBest wishes,\n${o.from.split('@')[0]}\n\nOn Fri, 27 Nov 2026 at 09:12, UK ETA Apply wrote:\n${quoted}\n`;
  const html = `<div dir="ltr"><p>Hello,</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>Best wishes,<br>${escapeHtml(o.from.split('@')[0] ?? '')}</p><blockquote class="gmail_quote" style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex">${OUR_TEXT.map(escapeHtml).join('<br>')}</blockquote></div>`;
  return customerReply({
    from: o.from,
    to: REPLY_TO,
    subject: o.subject,
    text,
    html,
    messageId: o.messageId,
    ...(o.photo ? { attachments: [{ filename: 'passport.png', content: PHOTO, contentType: 'image/png' }] } : {}),
  });
}

/** The subject of a reply to our mail about an order: the order id is what the reader matches (DESIGN §25). */
export const replySubject = (orderId: string) => `Re: Your UK ETA application ${orderId}`;

/**
 * `count` messages in arrival order: 3% bounces (while approvals to bounce last), 12% naming no
 * order, the rest replies to the targets' orders by their order id in the subject, one in ten
 * with a photo. `tag` makes the Message-IDs the run's own, so a kept dataset's earlier runs never
 * make one a duplicate.
 */
export async function composeInbound(
  count: number,
  targets: InboundTargets,
  o: { tag: string; seed: number; jwtSecret: string },
): Promise<PlannedMail[]> {
  const rng = createRng(o.seed);
  const out: PlannedMail[] = [];
  let bounced = 0;
  for (let i = 0; i < count; i += 1) {
    const messageId = `<bench-${o.tag}-${i}@customer.bench.test>`;
    const draw = rng.next();
    const approval = targets.approvals[bounced];
    if (draw < SHARE.bounce && approval) {
      bounced += 1;
      const verp = taggedAddress(BOUNCES, o.jwtSecret, 'bounce', approval.outboxId);
      const raw = postfixBounce({
        verp,
        recipient: approval.to,
        messageId: `<outbox-${approval.outboxId}.0@desk.bench.test>`,
      }).replace(/^Message-Id: <[^>]+>/m, `Message-Id: ${messageId}`);
      out.push({ kind: 'bounce', messageId, raw: Buffer.from(raw) });
    } else if (draw < SHARE.bounce + SHARE.unmatched || targets.orders.length === 0) {
      const from = `customer${rng.int(1, 99_999)}@example.test`;
      const subject = rng.pick(['Question about my application', 'Help please', 'Travel to London next week']);
      out.push({ kind: 'unmatched', messageId, raw: await composeReply({ rng, messageId, subject, from }) });
    } else {
      const order = rng.pick(targets.orders);
      const from = order.email ?? `customer${rng.int(1, 99_999)}@example.test`;
      const raw = await composeReply({
        rng,
        messageId,
        subject: replySubject(order.orderId),
        from,
        photo: rng.chance(0.1),
      });
      out.push({ kind: 'reply', messageId, raw });
    }
  }
  return out;
}
