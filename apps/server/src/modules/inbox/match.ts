import { INBOUND_MATCH, type InboundMatch } from '@eta/shared';
import type { Kysely } from 'kysely';
import type { ParsedMail } from 'mailparser';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { readTag, type TagPurpose } from '../../lib/mail-tokens.ts';
import { deliveredTo } from './reports.ts';

type Db = Kysely<Database>;

export interface Match {
  orderDbId: number;
  outboxId: number | null;
  by: InboundMatch;
}

/** An outbox row's Message-ID (mail/transports.ts messageIdOf): `<outbox-{id}.{created_at digits}@domain>`. */
const OUR_MESSAGE_ID = /<outbox-(\d{1,10})\.(\d{8,20})@[^>]+>/g;

/** Our outbox rows a message refers to, newest reference first; the stamp must agree with the row. */
async function byReference(db: Db, mail: ParsedMail): Promise<Match | null> {
  const refs = [mail.inReplyTo ?? '', ...(Array.isArray(mail.references) ? mail.references : [mail.references ?? ''])];
  const seen = [...refs.join(' ').matchAll(OUR_MESSAGE_ID)].reverse();
  for (const [, id, stamp] of seen) {
    const row = await db
      .selectFrom('mail_outbox')
      .select(['id', 'order_key', 'created_at'])
      .where('id', '=', Number(id))
      .executeTakeFirst();
    if (row?.order_key != null && row.created_at.replace(/\D/g, '') === stamp) {
      return { orderDbId: row.order_key, outboxId: row.id, by: INBOUND_MATCH.inReplyTo };
    }
  }
  return null;
}

export interface TagResult {
  mailId: number | null;
  /** a tag of ours whose signature failed: told in the outcome */
  forged: string | null;
}

/** The outbox id named by a signed tag on any address the message was delivered to. */
export function tagged(
  mail: ParsedMail,
  base: string | null,
  secret: string,
  purpose: TagPurpose,
  extra: string[] = [],
): TagResult {
  if (!base) return { mailId: null, forged: null };
  let forged: string | null = null;
  for (const address of [...deliveredTo(mail), ...extra]) {
    const reading = readTag(address, base, secret, purpose);
    if (reading.tag === 'valid') return { mailId: reading.mailId, forged: null };
    if (reading.tag === 'forged') forged = address;
  }
  return { mailId: null, forged };
}

async function byOutboxId(db: Db, mailId: number, by: InboundMatch): Promise<Match | null> {
  const row = await db
    .selectFrom('mail_outbox')
    .select(['id', 'order_key'])
    .where('id', '=', mailId)
    .executeTakeFirst();
  return row?.order_key != null ? { orderDbId: row.order_key, outboxId: row.id, by } : null;
}

/** An order id in the subject: words that look like one (DESIGN §6) and name exactly one order. */
async function bySubject(db: Db, subject: string): Promise<Match | null> {
  const words = [...new Set(subject.match(/[A-Za-z0-9][A-Za-z0-9-]{5,39}/g) ?? [])].filter((w) => /\d/.test(w));
  if (words.length === 0) return null;
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('order_id', 'in', words.slice(0, 20))
    .limit(2)
    .execute();
  return rows.length === 1 ? { orderDbId: Number(rows[0]?.id), outboxId: null, by: INBOUND_MATCH.subject } : null;
}

/**
 * A customer's mail to its order (DESIGN §25): by our Message-ID in In-Reply-To/References, else
 * the signed +token of the Reply-To it was sent to, else an order id in the subject.
 */
export async function matchReply(
  db: Db,
  config: Config,
  mail: ParsedMail,
): Promise<{ match: Match | null; forged: string | null }> {
  const reference = await byReference(db, mail);
  if (reference) return { match: reference, forged: null };
  const tag = tagged(mail, config.inbound.replyTo, config.jwtSecret, 'reply');
  const byTag = tag.mailId !== null ? await byOutboxId(db, tag.mailId, INBOUND_MATCH.token) : null;
  if (byTag) return { match: byTag, forged: null };
  return { match: await bySubject(db, mail.subject ?? ''), forged: tag.forged };
}
