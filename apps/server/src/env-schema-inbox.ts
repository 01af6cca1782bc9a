import { email, int, text, url } from './env-fields.ts';

/** env-schema.ts's fields of the inbound mailbox (DESIGN §25): where replies and bounces are read. */
export const INBOUND_FIELDS = {
  INBOUND_IMAP_URL: url(
    {
      default: 'unset (no mailbox read)',
      meaning:
        "`imaps://user:pass@host:993/INBOX` (or `imap://` on loopback): the mailbox customers' replies, bounces and complaints arrive in. One instance reads it at a time (IMAP IDLE where offered); each message is stored, then moved to `INBOUND_DONE_FOLDER`. Unset: no mailbox is read",
    },
    ['imap:', 'imaps:'],
  ),
  INBOUND_POLL_SECONDS: int(
    {
      default: '`60`',
      meaning:
        'seconds between looks at the mailbox when it offers no IDLE, and between tries of instances waiting to take over the reading; a mailbox that is down is tried again after 5 s doubling to 5 minutes',
    },
    60,
    1,
    3600,
  ),
  INBOUND_DONE_FOLDER: text(
    {
      default: '`Processed`',
      meaning: 'the mailbox folder a message is moved to once its outcome is stored (created when missing)',
    },
    'Processed',
  ),
  INBOUND_REPLY_TO: email({
    default: 'unset (no Reply-To)',
    meaning:
      "the mailbox's address: every customer mail says `Reply-To: {local}+{token}@{domain}` of it, the token signed with `JWT_SECRET`, naming the mail",
  }),
  INBOUND_BOUNCE_ADDRESS: email({
    default: 'unset (`MAIL_FROM` gets the bounces)',
    meaning:
      'the address bounces and complaints go to: every customer mail leaves with the Return-Path `{local}+{token}@{domain}` of it (VERP, signed), naming the mail; it must arrive in the same mailbox',
  }),
};
