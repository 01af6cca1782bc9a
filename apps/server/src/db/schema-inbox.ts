import type { Generated } from 'kysely';

/** Tables of the conversation with the customer (migration 100, DESIGN §25). */

export interface MailTemplatesTable {
  id: Generated<number>;
  name: string;
  subject: string;
  body: string;
  /** JSON list of orderNames the template is offered in */
  folders: string;
  public_note: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface InboundMailTable {
  id: Generated<number>;
  /** orders.id; null while unmatched */
  order_key: number | null;
  /** the mail of ours it answers, bounces or complains of */
  outbox_id: number | null;
  kind: string;
  matched_by: string | null;
  /** `{UIDVALIDITY}:{UID}` of the mailbox: the same message read twice is stored once */
  mailbox_key: string;
  message_id: string | null;
  from_address: string;
  to_address: string;
  subject: string;
  text: string;
  /** sanitised (sanitize-html) */
  html: string | null;
  /** the raw message in the file store's inbound folder */
  raw_file: string | null;
  /** what the reader made of it, in words (logged too) */
  outcome: string;
  received_at: string;
  created_at: string;
  removed_at: string | null;
}

export interface InboundAttachmentsTable {
  id: Generated<number>;
  inbound_id: number;
  name: string;
  content_type: string;
  size: number;
  file_name: string;
  removed_at: string | null;
}
