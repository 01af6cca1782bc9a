import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed tags customer mails carry (DESIGN §25): `Reply-To: {local}+{tag}@{domain}` of
 * INBOUND_REPLY_TO, and the Return-Path (VERP) `{local}+{tag}@{domain}` of INBOUND_BOUNCE_ADDRESS.
 * A tag names the outbox row and is signed (HMAC-SHA256 with a key derived from JWT_SECRET, one per
 * purpose), so a forged or altered tag names nothing. Lower-case only: mail systems may fold the
 * case of a local part.
 */
export type TagPurpose = 'reply' | 'bounce';

const SIGNATURE_CHARS = 20;

const keyOf = (secret: string, purpose: TagPurpose) =>
  createHmac('sha256', secret).update(`eta-desk inbound tag: ${purpose}`).digest();

const signatureOf = (secret: string, purpose: TagPurpose, mailId: number) =>
  createHmac('sha256', keyOf(secret, purpose)).update(String(mailId)).digest('hex').slice(0, SIGNATURE_CHARS);

export function tagOf(secret: string, purpose: TagPurpose, mailId: number): string {
  return `m${mailId}-${signatureOf(secret, purpose, mailId)}`;
}

/** `base`'s address with the mail's signed tag after a `+`. */
export function taggedAddress(base: string, secret: string, purpose: TagPurpose, mailId: number): string {
  const at = base.lastIndexOf('@');
  const local = base.slice(0, at).split('+')[0];
  return `${local}+${tagOf(secret, purpose, mailId)}${base.slice(at)}`;
}

/** What an address says of our tags: no tag of ours, a mail id whose signature holds, or a forgery. */
export type TagReading = { tag: 'none' } | { tag: 'valid'; mailId: number } | { tag: 'forged'; text: string };

/**
 * Reads the tag of `address` if it is `base`'s local part with a `+` suffix at `base`'s domain
 * (case-insensitive); anything else is `none`.
 */
export function readTag(address: string, base: string, secret: string, purpose: TagPurpose): TagReading {
  const at = base.lastIndexOf('@');
  const local = base.slice(0, at).split('+')[0]?.toLowerCase() ?? '';
  const domain = base.slice(at + 1).toLowerCase();
  const given = address.trim().toLowerCase();
  const gAt = given.lastIndexOf('@');
  if (gAt < 0 || given.slice(gAt + 1) !== domain) return { tag: 'none' };
  const [givenLocal, ...rest] = given.slice(0, gAt).split('+');
  if (givenLocal !== local || rest.length === 0) return { tag: 'none' };
  const text = rest.join('+');
  const match = /^m(\d{1,10})-([0-9a-f]+)$/.exec(text);
  if (!match) return { tag: 'forged', text };
  const mailId = Number(match[1]);
  const expected = Buffer.from(signatureOf(secret, purpose, mailId));
  const got = Buffer.from(match[2] as string);
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) return { tag: 'forged', text };
  return { tag: 'valid', mailId };
}
