import type { Config } from '../../config.ts';
import { taggedAddress } from '../../lib/mail-tokens.ts';

/**
 * What every mail about an order carries so the customer's answer and the bounce find their way
 * back (DESIGN §25): a Reply-To with the mail's signed tag (INBOUND_REPLY_TO), and the envelope
 * sender, which receiving servers write as Return-Path and send bounces to, tagged the same way
 * (INBOUND_BOUNCE_ADDRESS, VERP). Unset settings add nothing.
 */
export function customerMailTags(config: Config, mailId: number, to: string) {
  const { replyTo, bounceAddress } = config.inbound;
  return {
    ...(replyTo ? { replyTo: taggedAddress(replyTo, config.jwtSecret, 'reply', mailId) } : {}),
    ...(bounceAddress
      ? { envelope: { from: taggedAddress(bounceAddress, config.jwtSecret, 'bounce', mailId), to } }
      : {}),
  };
}
